import type { Clock } from '../shared/clock.js';
import type { CommittedWrite } from '../domain/learner-state-key.js';
import { IDEMPOTENCY_KEY_TTL_MS, IdempotencyKeyReused, type IdempotentRequest } from '../shared/idempotency.js';
import { compiledOnce, type Slots } from './compiled.js';
import type { Db } from './connect.js';
import { findStoredAnswer, forgetAnswersBefore, storeAnswer } from './repositories/idempotency-keys.js';
import { learnerStampUpdate } from './repositories/users.js';
import { chunks } from '../shared/chunks.js';
import type { SqliteStatements } from './sqlite-driver.js';
import { inTransaction, type Executor, type Trx } from './transaction.js';

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
  /**
   * Says the work has saved the stamp on the learner's row itself, in a statement of its own (a
   * review on PostgreSQL writes everything in one statement), so it is not written again.
   */
  stampSaved(): void;
  /**
   * Tells the write the learner's stamp as the work read it in this transaction, before the work
   * takes a stamp: for work run with `workReadsStamp` (see inLearnerTransaction).
   */
  stampRead(previous: number): void;
}

export interface LearnerTransactionOptions<T = unknown> {
  /**
   * Told of the write once it committed, inside the learner's write gate (so in commit order with the
   * learner's other writes in this process), with the work's result; never for a write that took no
   * stamp (refused, no-op) nor for an Idempotency-Key's answer replayed.
   */
  committed?: (write: CommittedWrite, result: T) => void;
  /**
   * The work reads the learner's stamp itself in the transaction (a review, with its target) and
   * passes it to `stampRead` before taking a stamp. On SQLite, whose IMMEDIATE transaction has locked
   * every writer out already, the write then leaves out its own read of the stamp, unless an
   * Idempotency-Key needs the learner before the work runs; PostgreSQL's read is the learner's lock
   * and stays.
   */
  workReadsStamp?: boolean;
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
 * The learner's writes in this process first queue in the gate, so a burst holds one connection.
 *
 * With an Idempotency-Key the write is done at most once per key: under the lock, a stored answer
 * of the same request is returned instead of doing the work again (a key reused for a different
 * request is an IdempotencyKeyReused), and a new answer is stored in the write's own transaction,
 * so it exists exactly when the write committed. The answer is the work's result as JSON: it must
 * be plain data. See docs/decisions.md, "Idempotency keys".
 */
export function inLearnerTransaction<T>(
  db: Db,
  clock: Clock,
  userId: number,
  work: (write: LearnerWrite) => Promise<T>,
  idempotency?: IdempotentRequest,
  options: LearnerTransactionOptions<T> = {},
): Promise<T> {
  return db.learnerWrites.run(userId, () => learnerTransaction(db, clock, userId, work, idempotency, options));
}

/** What an unlocked attempt at a learner's write answers when the write must be done under the learner's lock after all. */
export const NEEDS_LOCK = Symbol('needs the learner lock');

/**
 * A learner's write tried first without a transaction, then, if the attempt answers NEEDS_LOCK,
 * done by `work` as inLearnerTransaction does it (on PostgreSQL the attempt saves BEGIN with the
 * lock and COMMIT, two round trips of five for a review). Both wait in the learner's gate; the
 * attempt is told whether another write of the learner in this process came before it there
 * (LearnerWriteGate.run), so that what it read before the gate is read again.
 *
 * The attempt must read what it needs together with the learner's change stamp in one statement,
 * then write in one statement (its own transaction) every part of which happens only if the
 * learner's stamp is still the one read, moving it to nextStamp(read, the clock after the read);
 * nothing written means it answers NEEDS_LOCK. Every write of a learner's rows moves the stamp in
 * its transaction (inLearnerTransaction, stampEveryLearner), so an unmoved stamp means what was read
 * still holds when the write commits, and stamps keep increasing in commit order.
 * See docs/decisions.md, "A review without BEGIN".
 */
export function inLearnerWriteUnlockedFirst<T>(
  db: Db,
  clock: Clock,
  userId: number,
  attempt: (followsAnotherWrite: boolean) => Promise<T | typeof NEEDS_LOCK>,
  work: (write: LearnerWrite) => Promise<T>,
  /** For the write done by `work` (an attempt that writes tells of its own write). */
  options: LearnerTransactionOptions<T> = {},
): Promise<T> {
  return db.learnerWrites.run(userId, async (followsAnotherWrite) => {
    const answer = await attempt(followsAnotherWrite);
    return answer === NEEDS_LOCK ? learnerTransaction(db, clock, userId, work, undefined, options) : answer;
  });
}

/**
 * A learner's write on SQLite tried first at once (`attempt`, a transaction run in one go with
 * inTransactionNow), then, if the attempt answers undefined (having done nothing), done by `work`
 * as inLearnerTransaction does it; both in the learner's gate. The attempt reads the learner's stamp
 * in its transaction and saves the next one (nextStamp, saveLearnerStampNow) with what it writes,
 * as a write through inLearnerTransaction does.
 */
export function inLearnerWriteAtOnceFirst<T>(
  db: Db,
  clock: Clock,
  userId: number,
  attempt: () => Promise<T | undefined>,
  work: (write: LearnerWrite) => Promise<T>,
  /** For the write done by `work` (an attempt that writes tells of its own write). */
  options: LearnerTransactionOptions<T> = {},
): Promise<T> {
  return db.learnerWrites.run(userId, async () => (await attempt()) ?? learnerTransaction(db, clock, userId, work, undefined, options));
}

// SQLite's IMMEDIATE transaction has locked every writer out already.
const readLearnerStamp = compiledOnce((db, { userId }: Slots<{ userId: number }>) =>
  db.selectFrom('users').select('change_stamp').where('id', '=', userId),
);
const lockLearner = compiledOnce((db, { userId }: Slots<{ userId: number }>) =>
  db.selectFrom('users').select('change_stamp').where('id', '=', userId).forUpdate(),
);
const saveLearnerStamp = compiledOnce(learnerStampUpdate);

/** Saves the learner's change stamp in a SQLite transaction run in one go (inLearnerWriteAtOnceFirst's attempt); `db` is its database. */
export function saveLearnerStampNow(db: Executor, statements: SqliteStatements, userId: number, stamp: number): void {
  saveLearnerStamp.now(db, statements, { userId, stamp });
}

/** The learner's stamp before the write; undefined while not read, null when the account does not exist. */
type PreviousStamp = number | null | undefined;

async function learnerTransaction<T>(
  db: Db,
  clock: Clock,
  userId: number,
  work: (write: LearnerWrite) => Promise<T>,
  idempotency: IdempotentRequest | undefined,
  { workReadsStamp = false, committed }: LearnerTransactionOptions<T>,
): Promise<T> {
  // On SQLite the stamp's read is one statement of a review's eleven, and the review reads it with its target anyway.
  const readHere = db.engine === 'postgres' || idempotency !== undefined || !workReadsStamp;
  /** The stamps of a write that took one, once it is written: told to `committed` after the commit. */
  let wrote: CommittedWrite | undefined;
  const result = await inTransaction(db, async (trx) => {
    let previous: PreviousStamp;
    if (readHere)
      previous = (await (db.engine === 'postgres' ? lockLearner : readLearnerStamp)(trx, { userId })).rows[0]?.change_stamp ?? null;
    const now = clock.now();
    if (idempotency !== undefined && previous !== null) {
      const stored = await findStoredAnswer(trx, userId, idempotency.key, now - IDEMPOTENCY_KEY_TTL_MS);
      if (stored !== undefined) {
        if (stored.fingerprint !== idempotency.fingerprint) throw new IdempotencyKeyReused();
        idempotency.replayed = true;
        return JSON.parse(stored.result) as T;
      }
    }
    let stamp: number | undefined;
    let saved = false;
    const result = await work({
      trx,
      now,
      stamp: () => {
        if (previous === undefined) throw new Error(`a stamp of user ${userId} was taken before the stamp was read`);
        // An account that does not exist has no rows to stamp: the work finds nothing and says so.
        stamp ??= previous === null ? now : nextStamp(previous, now);
        return stamp;
      },
      stampSaved: () => {
        saved = true;
      },
      stampRead: (read) => {
        previous = read;
      },
    });
    if (stamp !== undefined && !saved && previous !== null) await saveLearnerStamp(trx, { userId, stamp });
    if (stamp !== undefined && typeof previous === 'number') wrote = { from: previous, to: stamp };
    if (idempotency !== undefined && previous !== null) {
      await forgetAnswersBefore(trx, userId, now - IDEMPOTENCY_KEY_TTL_MS);
      await storeAnswer(trx, userId, idempotency.key, { fingerprint: idempotency.fingerprint, result: JSON.stringify(result) }, now);
    }
    return result;
  });
  if (wrote !== undefined) committed?.(wrote, result);
  return result;
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

/**
 * Moves the change stamps of learners whose rows were written outside the use cases (seeding in
 * benches and tests): every reader that keys on the stamp (the learner page memo) then sees new
 * data, and what is moved by the rows written since a stamp is read again whole (SeededWrites).
 */
export async function moveLearnerStamps(db: Db, userIds: readonly number[]): Promise<void> {
  db.seededWrites.note();
  for (const part of chunks(userIds, 500)) {
    await db.kysely
      .updateTable('users')
      .set((eb) => ({ change_stamp: eb('change_stamp', '+', 1) }))
      .where('id', 'in', part)
      .execute();
  }
}
