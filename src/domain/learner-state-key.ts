import type { UserRecord } from './model/users.js';

/**
 * The state of a learner's rows, as a key for what is computed from them. The account's uuid, not
 * its id: SQLite may give a deleted account's id to the next one (no AUTOINCREMENT), and a test
 * clock gives it the same creation instant too, while a uuid is drawn anew for every account. The
 * change stamp moves with every write of the learner's rows, in the write's own transaction
 * (docs/decisions.md, "Change stamps"), so two reads of the same key saw the same rows.
 *
 * The key must be read before the rows that are kept under it: rows read afterwards are then at
 * least as new as the key says (a write committed in between moved the stamp, so the key is
 * never read again), never older.
 */
export function learnerStateKey(user: Pick<UserRecord, 'uuid' | 'changeStamp'>): string {
  return `${user.uuid}@${user.changeStamp}`;
}

/**
 * A learner's write once committed: the change stamp it read of the learner, with every other
 * write of the learner's rows locked out (the learner's lock, SQLite's one writer, or a statement
 * that writes only if the stamp is still the one read), and the stamp it moved it to. No write of
 * the learner's rows committed between the two, so the learner's state went from the key of the
 * one to the key of the other by this write alone.
 */
export interface CommittedWrite {
  readonly from: number;
  readonly to: number;
}
