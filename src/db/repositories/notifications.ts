import { sql } from 'kysely';
import type { Db } from '../connect.js';
import type { Executor } from '../transaction.js';

/** SQLite runs held by this process, per open database (it is an embedded, single-machine engine). */
const sqliteRuns = new WeakMap<Db, Set<string>>();

/**
 * Runs `work` unless another run of the same job holds the lock; `null` when it does. PostgreSQL
 * takes a session advisory lock keyed by the schema and the job, so every server instance sharing
 * the database agrees; SQLite keeps the set of running jobs in process. Either way the per-user
 * claims (one transaction each, IMMEDIATE on SQLite) are what make a second sender see the first
 * one's work, so two processes on one SQLite file still never announce twice.
 */
export async function withRunLock<T>(db: Db, job: string, work: () => Promise<T>): Promise<T | null> {
  if (db.engine === 'sqlite') {
    const running = sqliteRuns.get(db) ?? new Set<string>();
    sqliteRuns.set(db, running);
    if (running.has(job)) return null;
    running.add(job);
    try {
      return await work();
    } finally {
      running.delete(job);
    }
  }
  return db.kysely.connection().execute(async (connection) => {
    const key = sql`hashtext(current_schema() || ':' || ${job})`;
    const taken = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
    if (taken.rows[0]?.locked !== true) return null;
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection);
    }
  });
}

/** The id of the account with this uuid (the identity an unsubscribe link carries). */
export async function userIdByUuid(db: Executor, uuid: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirst())?.id;
}

/** A page of the ids of accounts not disabled, by id (a disabled account gets no mail). */
export async function userIdsAfter(db: Executor, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', '>', afterUserId)
    .where('disabled_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Undoes a claimed push baseline when nothing was delivered, unless the user moved on meanwhile. */
export async function restorePushBaseline(db: Executor, userId: number, claimed: number, previous: number): Promise<void> {
  await db.updateTable('users').set({ push_baseline: previous }).where('id', '=', userId).where('push_baseline', '=', claimed).execute();
}

/** Undoes a claimed nudge when the mail could not be sent, so the next daily run tries again. */
export async function restoreLastNudgedAt(db: Executor, userId: number, claimed: number, previous: number | null): Promise<void> {
  await db.updateTable('users').set({ last_nudged_at: previous }).where('id', '=', userId).where('last_nudged_at', '=', claimed).execute();
}
