import type { Executor } from '../transaction.js';

export interface StoredAnswer {
  fingerprint: string;
  /** The write's result as JSON. */
  result: string;
}

/** The learner's stored answer under a key, if it was stored at or after `since`. */
export async function findStoredAnswer(db: Executor, userId: number, key: string, since: number): Promise<StoredAnswer | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'result'])
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

/** Stores an answer under a key; an expired answer under the same key is replaced. */
export async function storeAnswer(db: Executor, userId: number, key: string, answer: StoredAnswer, now: number): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, fingerprint: answer.fingerprint, result: answer.result, created_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'key']).doUpdateSet({ fingerprint: answer.fingerprint, result: answer.result, created_at: now }),
    )
    .execute();
}

/** Forgets the learner's answers stored before `before`. */
export async function forgetAnswersBefore(db: Executor, userId: number, before: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('created_at', '<', before).execute();
}
