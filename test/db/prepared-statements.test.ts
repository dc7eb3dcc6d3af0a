import { PostgresDriver, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce, type Slots } from '../../src/db/compiled.js';
import { PREPARED_PER_CONNECTION } from '../../src/db/prepared-statements.js';
import type { Executor } from '../../src/db/transaction.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../support/db.js';

const actorNamed = compiledOnce((db, { name }: Slots<{ name: string }>) =>
  db.selectFrom('voice_actors').select(['id', 'gender']).where('name', '=', name),
);
const renameActor = compiledOnce((db, { id, name }: Slots<{ id: number; name: string }>) =>
  db.updateTable('voice_actors').set({ name }).where('id', '=', id),
);
const actorById = compiledOnce((db, { id }: Slots<{ id: string }>) =>
  db
    .selectFrom('voice_actors')
    .select('name')
    .where('id', '=', id as never),
);

/**
 * PostgreSQL statements with parameters run as named prepared statements, at most
 * PREPARED_PER_CONNECTION per connection (src/db/prepared-statements.ts).
 */
describe.skipIf(!TEST_DATABASE_URL)('prepared statements (postgres)', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb('postgres');
  });
  afterAll(async () => {
    await test.destroy();
  });

  /** The statements this connection has prepared, as PostgreSQL lists them. */
  const preparedHere = async (trx: Executor) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)).rows.map((r) => r.statement);

  it('prepares a statement with parameters once per connection and answers it with each call’s values', async () => {
    await test.db.kysely.transaction().execute(async (trx) => {
      const answers = [];
      for (const n of [1, 2, 3]) answers.push((await sql<{ n: number }>`select ${n}::int + 1 as n`.execute(trx)).rows[0]!.n);
      expect(answers).toEqual([2, 3, 4]);
      const prepared = await preparedHere(trx);
      expect(prepared.filter((s) => s === 'select $1::int + 1 as n')).toHaveLength(1);
    });
  });

  it('keeps at most PREPARED_PER_CONNECTION statements on a connection, and an evicted one still answers', async () => {
    await test.db.kysely.transaction().execute(async (trx) => {
      const first = async () => (await sql<{ n: number }>`select ${7}::int as n, 'first' as tag`.execute(trx)).rows[0]!.n;
      expect(await first()).toBe(7);
      for (let i = 0; i < PREPARED_PER_CONNECTION + 20; i += 1) {
        const { rows } = await sql<{ n: number }>`select ${i}::int as n, ${sql.lit(`text ${i}`)} as tag`.execute(trx);
        expect(rows[0]!.n).toBe(i);
      }
      expect(await first()).toBe(7);
      const prepared = await preparedHere(trx);
      // The listing itself has no parameters, so it is not prepared.
      expect(prepared.length).toBeLessThanOrEqual(PREPARED_PER_CONNECTION);
      expect(prepared).toContain("select $1::int as n, 'first' as tag");
      expect(prepared).not.toContain("select $1::int as n, 'text 0' as tag");
    });
  });

  it('reads a statement’s row description once per connection and answers the same rows as pg alone', async () => {
    const readDescription = vi.spyOn(pg.Result.prototype as unknown as { addFields(fields: unknown): void }, 'addFields');
    try {
      await test.db.kysely.transaction().execute(async (trx) => {
        const rows = [];
        for (const n of [1, 2, 3])
          rows.push(
            (
              await sql<
                Record<string, unknown>
              >`select ${n}::int as n, ${n > 1 ? `t${n}` : null}::text as tag, ${n}::bigint * 2 as "__proto__", 'x' as n2`.execute(trx)
            ).rows[0]!,
          );
        expect(readDescription).toHaveBeenCalledTimes(1);
        const expected = (n: number, tag: string | null) => {
          const row: Record<string, unknown> = { n, tag };
          Object.defineProperty(row, '__proto__', { value: n * 2, enumerable: true, writable: true, configurable: true });
          row.n2 = 'x';
          return row;
        };
        expect(rows).toEqual([expected(1, null), expected(2, 't2'), expected(3, 't3')]);
        for (const row of rows) {
          expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
          expect(Object.keys(row)).toEqual(['n', 'tag', '__proto__', 'n2']);
        }
        // Each row is its own object: writing one leaves the next execution's rows as they are.
        rows[0]!.tag = 'written';
        const again = (
          await sql<
            Record<string, unknown>
          >`select ${4}::int as n, ${null}::text as tag, ${4}::bigint * 2 as "__proto__", 'x' as n2`.execute(trx)
        ).rows[0]!;
        expect(again).toEqual(expected(4, null));
      });
    } finally {
      readDescription.mockRestore();
    }
  });

  it('runs a statement compiled once outside a transaction on a pooled connection of its own, past Kysely’s driver, answering as Kysely does', async () => {
    const db = test.db.kysely;
    await db
      .insertInto('voice_actors')
      .values({ id: 71, name: 'Kyoko', gender: 'female', description: '', created_at: 1, updated_at: 1 })
      .execute();
    const throughKysely = vi.spyOn(PostgresDriver.prototype, 'acquireConnection');
    try {
      expect(await actorNamed(db, { name: 'Kyoko' })).toEqual({ rows: [{ id: 71, gender: 'female' }] });
      expect(await renameActor(db, { id: 71, name: 'Kenichiro' })).toEqual({ numAffectedRows: 1n, rows: [] });
      expect(await renameActor(db, { id: 72, name: 'nobody' })).toEqual({ numAffectedRows: 0n, rows: [] });
      // A failing statement gives its connection back: more failures than the pool has connections, then an answer.
      for (let i = 0; i < 25; i += 1) await expect(actorById(db, { id: 'not a number' })).rejects.toThrow(/invalid input syntax/);
      expect((await actorById(db, { id: '71' })).rows).toEqual([{ name: 'Kenichiro' }]);
      expect(throughKysely).not.toHaveBeenCalled();
    } finally {
      throughKysely.mockRestore();
    }
  });

  it('asks for a statement’s row description once per connection and answers every execution with it', async () => {
    const describe = vi.spyOn(pg.Connection.prototype as unknown as { describe(message: unknown): void }, 'describe');
    try {
      await test.db.kysely.transaction().execute(async (trx) => {
        const rows = [];
        for (const n of [1, 2, 3])
          rows.push((await sql<{ n: number; tag: string | null }>`select ${n}::int as n, ${null}::text as tag`.execute(trx)).rows);
        expect(rows).toEqual([[{ n: 1, tag: null }], [{ n: 2, tag: null }], [{ n: 3, tag: null }]]);
        expect(describe).toHaveBeenCalledTimes(1);
        // A statement answering no rows, and one answering several, after it.
        const none = await sql<{ n: number }>`select ${1}::int as n where false`.execute(trx);
        const many = await sql<{ n: number }>`select generate_series(1, ${3}::int) as n`.execute(trx);
        expect([none.rows, many.rows]).toEqual([[], [{ n: 1 }, { n: 2 }, { n: 3 }]]);
        expect((await sql<{ n: number }>`select generate_series(1, ${2}::int) as n`.execute(trx)).rows).toEqual([{ n: 1 }, { n: 2 }]);
        expect(describe).toHaveBeenCalledTimes(3);
      });
    } finally {
      describe.mockRestore();
    }
  });

  it('answers a prepared statement again after an error aborted the transaction it ran in', async () => {
    const failing = test.db.kysely.transaction().execute(async (trx) => {
      await sql`select ${1}::int as n`.execute(trx);
      await sql`select ${'not a number'}::int as n`.execute(trx);
    });
    await expect(failing).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`select ${5}::int as n`.execute(test.db.kysely);
    expect(rows[0]!.n).toBe(5);
  });
});
