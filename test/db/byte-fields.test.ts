import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readingBytes } from '../../src/db/byte-fields.js';
import { GENERIC_PLAN } from '../../src/db/generic-plans.js';
import type { Executor } from '../../src/db/transaction.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../support/db.js';

/** Text of every UTF-8 length (1 to 4 bytes a character), about 300 KB: more than one read of the socket. */
const LARGE = 'a "json" ü 漢字 😀 \\ end\n'.repeat(10_000);

interface Row {
  body: Buffer | string | null;
  label: string;
  n: number;
}

const marked = (db: Executor, body: string | null, label: string) =>
  sql<Row>`${sql.raw(readingBytes(['body']))}select ${body}::text as body, ${label}::text as label, ${7}::int8 as n`.execute(db);
const unmarked = (db: Executor, body: string | null, label: string) =>
  sql<Row>`select ${body}::text as body, ${label}::text as label, ${7}::int8 as n`.execute(db);

/**
 * A PostgreSQL statement that names columns with readingBytes gets those columns as the bytes
 * PostgreSQL sent, every other column as before (src/db/byte-fields.ts).
 */
describe.skipIf(!TEST_DATABASE_URL)('columns read as bytes (postgres)', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb('postgres');
  });
  afterAll(async () => {
    await test.destroy();
  });

  it('hands the named column over as its bytes, on the first execution and with the row shape kept', async () => {
    await test.db.kysely.transaction().execute(async (trx) => {
      for (const [body, label] of [
        [LARGE, 'large'],
        ['{"a":1}', 'small ü'],
        [LARGE.slice(0, 70_000), 'again'],
      ] as const) {
        const row = (await marked(trx, body, label)).rows[0]!;
        expect(Buffer.isBuffer(row.body)).toBe(true);
        expect((row.body as Buffer).equals(Buffer.from(body))).toBe(true);
        expect(row).toMatchObject({ label, n: 7 });
      }
      expect((await marked(trx, null, 'none')).rows[0]).toEqual({ body: null, label: 'none', n: 7 });
    });
  });

  it('hands the named column over as its bytes in a statement asking for its generic plan too', async () => {
    const plan = (db: Executor) => sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(db);
    await test.db.kysely.connection().execute(async (db) => {
      const before = (await plan(db)).rows[0]!.plan_cache_mode;
      for (let run = 0; run < 2; run += 1) {
        const { rows } =
          await sql<Row>`${sql.raw(`${GENERIC_PLAN}${readingBytes(['body'])}`)}select ${LARGE}::text as body, ${'generic'}::text as label, ${7}::int8 as n`.execute(
            db,
          );
        expect(Buffer.isBuffer(rows[0]!.body)).toBe(true);
        expect((rows[0]!.body as Buffer).equals(Buffer.from(LARGE))).toBe(true);
        expect(rows[0]).toMatchObject({ label: 'generic', n: 7 });
      }
      // The generic plan's setting held for the statement alone.
      expect((await plan(db)).rows[0]!.plan_cache_mode).toBe(before);
    });
  });

  it('keeps every row’s bytes whole when rows of many sizes arrive in one answer', async () => {
    // Rows longer than a read of the socket, and small ones between, so chunks end inside rows and
    // a row's bytes share buffers with the rows after it.
    const sizes = [150_000, 10, 70_000, 3, 65_530, 200_000, 1, 40_000, 40_000, 5];
    const bodies = sizes.map((size, i) => LARGE.slice(i, i + size));
    const { rows } = await sql<{ i: number; body: Buffer; tail: string }>`${sql.raw(readingBytes(['body']))}
      select i, (${sql.val(bodies)}::text[])[i] as body, 'row ' || i as tail
      from generate_series(1, ${bodies.length}::int) as i order by i`.execute(test.db.kysely);
    expect(rows.map((r) => r.tail)).toEqual(bodies.map((_, i) => `row ${i + 1}`));
    for (const [i, row] of rows.entries()) {
      expect(Buffer.isBuffer(row.body)).toBe(true);
      expect(row.body.toString()).toBe(bodies[i]);
    }
  });

  it('leaves every other statement on the connection its text', async () => {
    await test.db.kysely.transaction().execute(async (trx) => {
      await marked(trx, LARGE, 'before');
      expect((await unmarked(trx, LARGE, 'after')).rows[0]).toEqual({ body: LARGE, label: 'after', n: 7 });
      // Without parameters, in pg's simple protocol.
      expect((await sql<{ body: string }>`select 'ü 漢字'::text as body`.execute(trx)).rows[0]).toEqual({ body: 'ü 漢字' });
      const row = (await marked(trx, 'x', 'and again')).rows[0]!;
      expect(Buffer.isBuffer(row.body)).toBe(true);
    });
  });
});
