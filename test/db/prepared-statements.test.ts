import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREPARED_PER_CONNECTION } from '../../src/db/prepared-statements.js';
import type { Executor } from '../../src/db/transaction.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../support/db.js';

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
