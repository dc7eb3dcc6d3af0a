import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEmitter } from 'node:events';
import type { Socket } from 'node:net';
import { ByteFieldsClient, giveBack, readingBytes } from '../../src/db/byte-fields.js';
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
    // A prepared statement of the connection's own setting (one with a parameter), as every statement but the marked ones.
    const plan = (db: Executor) =>
      sql<{ plan_cache_mode: string }>`select current_setting(${'plan_cache_mode'}) as plan_cache_mode`.execute(db);
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
      // The generic plan's setting held for the marked statements alone.
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

  it('reads a plain connection’s socket into a buffer of its own, with no Buffer a read', async () => {
    const client = new ByteFieldsClient({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      // Node emits 'data' with a Buffer made for each read unless the socket reads into one buffer (onread).
      let chunks = 0;
      (client as unknown as { connection: { stream: Socket } }).connection.stream.on('data', () => (chunks += 1));
      const { rows } = await client.query<{ body: string }>('select $1::text as body', [LARGE]);
      expect(rows[0]!.body).toBe(LARGE);
      expect(chunks).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('leaves a connection asking for TLS its socket as pg reads it', async () => {
    // pg reads the answer to its SSL request as the socket's first 'data' event: a socket reading
    // into a buffer of its own would never emit it, and connecting would hang. This server answers
    // that it has no TLS (ssl is off on the test server), which pg reports.
    const client = new ByteFieldsClient({ connectionString: TEST_DATABASE_URL, ssl: true, connectionTimeoutMillis: 5_000 });
    await expect(client.connect()).rejects.toThrow(/does not support SSL/);
  });

  it('keeps the bytes of messages pg-protocol hands over as views of their frame (CopyData) whole', async () => {
    const client = new ByteFieldsClient({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      const chunks: Buffer[] = [];
      (client as unknown as { connection: EventEmitter }).connection.on('copyData', (message: { chunk: Buffer }) =>
        chunks.push(message.chunk),
      );
      // pg itself ignores a COPY's data (its Query has no stream for it); its connection still emits each message.
      await client.query(`copy (select i, repeat('x', i % 300) from generate_series(1, 3000) as i) to stdout`);
      await client.query('select $1::text', [LARGE]);
      const lines = Array.from({ length: 3000 }, (_, at) => `${at + 1}\t${'x'.repeat((at + 1) % 300)}\n`);
      expect(Buffer.concat(chunks).toString()).toBe(lines.join(''));
    } finally {
      await client.end();
    }
  });

  it('keeps every body handed over whole while later answers are read on the connection', async () => {
    // Bodies longer and shorter than a read, rows of many small fields crossing reads, and an error
    // between them: each read lands where the one before did, and what was handed over stays.
    const sizes = [200_000, 7, 1_000, 65_536, 120_000, 1, 3_000, 64_000, 300_000, 131_072, 9];
    await test.db.kysely.connection().execute(async (db) => {
      const kept: [Buffer, string][] = [];
      for (const [i, size] of sizes.entries()) {
        const body = LARGE.slice(i, i + size);
        kept.push([(await marked(db, body, `row ${i}`)).rows[0]!.body as Buffer, body]);
        const { rows } = await sql<{ i: number; text: string; bytes: Buffer }>`${sql.raw(readingBytes(['bytes']))}
          select i, repeat(chr(65 + i % 26), i % 97) as text, repeat('ü', i % 89) as bytes
          from generate_series(1, ${1_000 + i * 331}::int) as i`.execute(db);
        rows.forEach((row, at) => {
          expect(row.text).toBe(String.fromCharCode(65 + ((at + 1) % 26)).repeat((at + 1) % 97));
          expect(row.bytes.equals(Buffer.from('ü'.repeat((at + 1) % 89)))).toBe(true);
        });
        await expect(sql`select 1 / ${0}::int`.execute(db)).rejects.toThrow(/division by zero/);
      }
      for (const [bytes, body] of kept) expect(bytes.equals(Buffer.from(body))).toBe(true);
    });
  });

  it('frames the next long row in the buffer of a body given back, and never in one still held', async () => {
    await test.db.kysely.connection().execute(async (db) => {
      const read = async (body: string) => (await marked(db, body, 'long')).rows[0]!.body as Buffer;
      const held = await read(LARGE.slice(0, 200_000));
      const given = await read(LARGE.slice(1, 180_000));
      giveBack(given);
      // Given back twice (or a body it did not lend): the connection takes it once.
      giveBack(given);
      giveBack(held.subarray(0, 10));
      const next = await read(LARGE.slice(2, 190_000));
      const after = await read(LARGE.slice(3, 170_000));
      expect(next.buffer).toBe(given.buffer);
      expect(after.buffer).not.toBe(given.buffer);
      expect(next.equals(Buffer.from(LARGE.slice(2, 190_000)))).toBe(true);
      expect(after.equals(Buffer.from(LARGE.slice(3, 170_000)))).toBe(true);
      // A body never given back is never written over, nor one taken again after it was.
      expect(held.equals(Buffer.from(LARGE.slice(0, 200_000)))).toBe(true);
      for (const buffer of [held.buffer, next.buffer]) expect(after.buffer).not.toBe(buffer);
      // A longer row than the buffer given back holds gets a buffer of its own.
      giveBack(after);
      const longer = await read(LARGE.slice(0, 300_000));
      expect(longer.buffer).not.toBe(after.buffer);
      expect(longer.equals(Buffer.from(LARGE.slice(0, 300_000)))).toBe(true);
    });
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
