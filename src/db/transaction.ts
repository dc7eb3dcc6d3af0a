import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

export type Trx = Transaction<Database>;
/** Either the root connection or a transaction: what repositories take as their first argument. */
export type Executor = Kysely<Database>;

/**
 * Runs one use case in one transaction. SQLite transactions are IMMEDIATE (see the driver), so they
 * are serialised; on PostgreSQL the service takes the row locks it needs (see lockUser).
 */
export async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  const observe = db.observeTransaction;
  if (observe === null) return db.kysely.transaction().execute(work);
  const started = performance.now();
  try {
    const result = await db.kysely.transaction().execute(work);
    observe('commit', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observe('rollback', (performance.now() - started) / 1000);
    throw error;
  }
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
