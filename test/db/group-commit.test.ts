import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/transaction.js';
import { createTestDb, type TestDb } from '../support/db.js';

/**
 * SQLite group commit (src/db/sqlite-driver.ts): concurrent transactions share one COMMIT, yet each
 * is acknowledged only once it is durable, and one that fails rolls back alone.
 */
describe('SQLite group commit', () => {
  let testDb: TestDb;
  let other: BetterSqlite3.Database;

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    await sql`create table probe (id integer primary key, owner integer not null, note text not null)`.execute(testDb.db.kysely);
    // Another process's view of the file: it sees only what is committed.
    other = new BetterSqlite3(testDb.databaseUrl.slice('sqlite:'.length), { readonly: true });
  });

  afterAll(async () => {
    other.close();
    await testDb.destroy();
  });

  const committed = (owner: number) => (other.prepare('select count(*) as n from probe where owner = ?').get(owner) as { n: number }).n;

  it('acknowledges each of many concurrent transactions only when another connection already sees it', async () => {
    const seenAtAcknowledgement: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, (_, owner) =>
        inTransaction(testDb.db, async (trx) => {
          await sql`insert into probe (owner, note) values (${owner}, 'first')`.execute(trx);
          await sql`insert into probe (owner, note) values (${owner}, 'second')`.execute(trx);
        }).then(() => seenAtAcknowledgement.push(committed(owner))),
      ),
    );
    expect(seenAtAcknowledgement).toHaveLength(200);
    expect(seenAtAcknowledgement.every((n) => n === 2)).toBe(true);
  });

  it('rolls back a failing transaction alone while the others of its batch commit', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) =>
        inTransaction(testDb.db, async (trx) => {
          const owner = 1000 + i;
          await sql`insert into probe (owner, note) values (${owner}, 'kept unless refused')`.execute(trx);
          if (i % 3 === 0) throw new Error(`refused ${owner}`);
          await sql`insert into probe (owner, note) values (${owner}, 'second')`.execute(trx);
          return owner;
        }),
      ),
    );
    outcomes.forEach((outcome, i) => {
      const owner = 1000 + i;
      if (i % 3 === 0) {
        expect(outcome.status).toBe('rejected');
        expect(committed(owner)).toBe(0);
      } else {
        expect(outcome).toEqual({ status: 'fulfilled', value: owner });
        expect(committed(owner)).toBe(2);
      }
    });
  });

  it('commits an open batch before a statement outside a transaction, and reads outside one see only committed rows', async () => {
    const db = testDb.db.kysely;
    const inside = inTransaction(testDb.db, async (trx) => {
      await sql`insert into probe (owner, note) values (2000, 'inside')`.execute(trx);
      // Not committed yet: a read outside the transaction does not see it.
      const outside = await sql<{ n: number }>`select count(*) as n from probe where owner = 2000`.execute(db);
      expect(outside.rows[0]?.n).toBe(0);
    });
    const write = sql`insert into probe (owner, note) values (2001, 'autocommit')`.execute(db);
    await Promise.all([inside, write]);
    expect(committed(2000)).toBe(1);
    expect(committed(2001)).toBe(1);
    const read = await sql<{ n: number }>`select count(*) as n from probe where owner in (2000, 2001)`.execute(db);
    expect(read.rows[0]?.n).toBe(2);
  });
});
