import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../shared/clock.js';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

export type Trx = Transaction<Database>;
/** Either the root connection or a transaction: what repositories take as their first argument. */
export type Executor = Kysely<Database>;

/**
 * Runs one use case in one transaction. SQLite transactions are IMMEDIATE (see the driver), so they
 * are serialised; on PostgreSQL the service takes the row locks it needs (see lockUser).
 */
export function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.kysely.transaction().execute(work);
}

/**
 * Serialises every state-moving use case of one user on PostgreSQL (a row lock on the user);
 * SQLite's IMMEDIATE transactions already serialise all writers.
 */
export async function lockUser(db: Db, trx: Trx, userId: number): Promise<void> {
  if (db.engine === 'postgres') {
    await sql`select id from users where id = ${userId} for update`.execute(trx);
  }
}

/** One write of a learner's rows, inside its transaction and under the learner's lock. */
export interface LearnerWrite {
  readonly trx: Trx;
  /** The clock, read after the lock was taken: when what the write records happened (a default started_at...). */
  readonly now: number;
  /**
   * The change stamp: the updated_at of every row this write changes. At least `now`, and at least
   * 1 ms after the learner's previous stamp. Taken only by a write that changes something, so a
   * refused or no-op request leaves the learner's stamp (and the account row) alone.
   */
  stamp(): number;
}

/** The next change stamp after `previous`: the clock, unless it has not moved past the previous stamp. */
export function nextStamp(previous: number, now: number): number {
  return Math.max(now, previous + 1);
}

/**
 * Runs a write of one learner's rows: it takes the learner's lock first (the user row on
 * PostgreSQL; SQLite's IMMEDIATE transaction serialises every writer), then reads the clock and
 * takes the learner's next change stamp. Stamps therefore strictly increase in commit order, so a
 * client syncing with `updated_after` (strictly after) never skips a change, however many writes
 * arrive per millisecond and whatever the wall clock does. See docs/decisions.md, "Change stamps".
 */
export function inLearnerTransaction<T>(db: Db, clock: Clock, userId: number, work: (write: LearnerWrite) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    const locked = trx.selectFrom('users').select('change_stamp').where('id', '=', userId);
    const row = await (db.engine === 'postgres' ? locked.forUpdate() : locked).executeTakeFirst();
    const now = clock.now();
    // An account that does not exist has no rows to stamp: the work finds nothing and says so.
    const stamp = row === undefined ? now : nextStamp(row.change_stamp, now);
    let taken = false;
    const result = await work({
      trx,
      now,
      stamp: () => {
        taken = true;
        return stamp;
      },
    });
    if (taken && row !== undefined) await trx.updateTable('users').set({ change_stamp: stamp }).where('id', '=', userId).execute();
    return result;
  });
}

/**
 * The change stamp of a write that touches every learner's rows at once (a content import that
 * hides a subject or opens new ones): it locks every account in id order (the order page-wise
 * locks use too, so they never deadlock) and gives them all one stamp after each one's previous.
 */
export async function stampEveryLearner(db: Db, trx: Trx, now: number): Promise<number> {
  const all = trx.selectFrom('users').select('change_stamp').orderBy('id');
  const rows = await (db.engine === 'postgres' ? all.forUpdate() : all).execute();
  const stamp = rows.reduce((latest, row) => nextStamp(row.change_stamp, latest), now);
  await trx.updateTable('users').set({ change_stamp: stamp }).execute();
  return stamp;
}
