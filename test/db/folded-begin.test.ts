import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/db/connect.js';
import { createTestDb, TEST_DATABASE_URL, type TestDb } from '../support/db.js';
import { recordPgQueries } from '../support/pg-queries.js';

/**
 * BEGIN held back to a transaction's first statement and sent with it when that is a row lock
 * (src/db/folded-begin.ts): one round trip fewer for every learner's write on PostgreSQL, with
 * the lock held to the end of the transaction as before.
 */
describe.skipIf(!TEST_DATABASE_URL)('BEGIN folded into the opening row lock (postgres)', () => {
  let test: TestDb;
  let db: Db;
  /** Every query text the application's connections send, in order. */
  let sent: string[];
  let restore: () => void;

  beforeAll(async () => {
    test = await createTestDb('postgres');
    ({ sent, restore } = recordPgQueries());
    db = connect(TEST_DATABASE_URL!, { pgSchema: test.pgSchema!, pgPoolSize: 4 });
    await sql`insert into users (uuid, username, started_at, created_at, updated_at) values ('u1', 'one', 0, 0, 0)`.execute(db.kysely);
  });

  afterAll(async () => {
    restore();
    await db.close();
    await test.destroy();
  });

  const userId = async () => (await sql<{ id: number }>`select id from users where username = 'one'`.execute(db.kysely)).rows[0]!.id;

  it('sends BEGIN with the lock in one query, answers the lock’s rows, and holds the lock until COMMIT', async () => {
    const id = await userId();
    sent.length = 0;
    let releaseFirst!: () => void;
    const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => (firstLocked = resolve));
    const order: string[] = [];

    const first = db.kysely.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('users').select(['username']).where('id', '=', id).forUpdate().execute();
      expect(rows).toEqual([{ username: 'one' }]);
      firstLocked();
      await firstHolds;
      await trx.updateTable('users').set({ change_stamp: 1 }).where('id', '=', id).execute();
      order.push('first commits');
    });
    await locked;
    expect(sent[0]).toBe(`begin; select "username" from "users" where "id" = (${id}) for update`);

    const second = db.kysely.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('users').select(['change_stamp']).where('id', '=', id).forUpdate().execute();
      order.push(`second locked, stamp ${rows[0]!.change_stamp}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual([]);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second locked, stamp 1']);
  });

  it('sends BEGIN alone before a first statement that is not a row lock on integers, and nothing for an empty transaction', async () => {
    sent.length = 0;
    await db.kysely.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('username', '=', 'one').forUpdate().execute();
    });
    expect(sent).toEqual(['begin', 'select "id" from "users" where "username" = $1 for update', 'commit']);

    sent.length = 0;
    await db.kysely.transaction().execute(async () => {});
    expect(sent).toEqual([]);
  });

  it('rolls back after a folded lock fails, and the connection serves the next transaction', async () => {
    const failing = db.kysely.transaction().execute(async (trx) => {
      await sql`select 1 / (id - id) from users where id = ${await userId()} for update`.execute(trx);
    });
    await expect(failing).rejects.toThrow('division by zero');
    for (let i = 0; i < 8; i += 1) {
      const rows = await db.kysely
        .transaction()
        .execute((trx) => trx.selectFrom('users').select('username').where('id', '=', 1).forUpdate().execute());
      expect(rows.length).toBeLessThanOrEqual(1);
    }
  });
});
