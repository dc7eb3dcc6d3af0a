import { sql, type DatabaseConnection, type Kysely, type Transaction } from 'kysely';
import type { Db } from './connect.js';
import { standingPostgresConnection } from './postgres-dialect.js';
import type { Database } from './schema.js';
import { sqliteTransactionNow, standingSqliteConnection, transactionSqliteConnection, type SqliteStatements } from './sqlite-driver.js';

export type Trx = Transaction<Database>;
/** Either the root connection or a transaction: what repositories take as their first argument. */
export type Executor = Kysely<Database>;

/**
 * Runs one use case in one transaction. SQLite transactions are IMMEDIATE (see the driver), so they
 * are serialised; on PostgreSQL the service takes the row locks it needs (see lockUser).
 */
export async function inTransaction<T>(db: Db, work: (trx: Trx) => Promise<T>): Promise<T> {
  const observe = db.observeTransaction;
  const run = db.engine === 'sqlite' ? withItsConnection(work) : work;
  if (observe === null) return db.kysely.transaction().execute(run);
  const started = performance.now();
  try {
    const result = await db.kysely.transaction().execute(run);
    observe('commit', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observe('rollback', (performance.now() - started) / 1000);
    throw error;
  }
}

/**
 * On SQLite, `work` run at once as a transaction of its own, its statements straight on the
 * writer's connection (sqliteTransactionNow): undefined, with nothing done, when it cannot run now
 * or `work` answered undefined; the caller then runs it with inTransaction. Observed as inTransaction observes.
 */
export async function inTransactionNow<T>(db: Db, work: (statements: SqliteStatements) => T | undefined): Promise<T | undefined> {
  const observe = db.observeTransaction;
  if (observe === null) return sqliteTransactionNow(db.kysely.getExecutor().adapter, work);
  const started = performance.now();
  try {
    const result = await sqliteTransactionNow(db.kysely.getExecutor().adapter, work);
    if (result !== undefined) observe('commit', (performance.now() - started) / 1000);
    return result;
  } catch (error) {
    observe('rollback', (performance.now() - started) / 1000);
    throw error;
  }
}

/** The connection of each SQLite transaction while its work runs (directConnection). */
const connections = new WeakMap<Trx, DatabaseConnection>();

/**
 * `work` with its transaction's connection known while it runs. A statement of a transaction that
 * Kysely runs passes four async layers (its state check, the executor, the one-connection queue and
 * its runner), a tenth of what a review allocated on SQLite (bench/README.md, "Seventh pass"); the
 * SQLite driver runs a transaction's statements one at a time anyway, so nothing needs that queue.
 * The connection is the driver's transaction of the moment: Kysely runs `work` once BEGIN is done,
 * and the writer's lock keeps every other transaction out until this one ends.
 */
function withItsConnection<T>(work: (trx: Trx) => Promise<T>): (trx: Trx) => Promise<T> {
  return async (trx) => {
    const connection = transactionSqliteConnection(trx.getExecutor().adapter);
    if (connection === undefined) throw new Error('a SQLite transaction without its connection');
    connections.set(trx, connection);
    try {
      return await work(trx);
    } finally {
      // Anything run on the transaction after its work is Kysely's to check (and refuse once committed).
      connections.delete(trx);
    }
  };
}

/**
 * The connection a statement compiled once (src/db/compiled.ts) runs on directly, past Kysely's
 * async layers: a SQLite transaction's own while its work runs; outside a transaction, the SQLite
 * driver's standing connection (Kysely's acquiring and releasing of a connection per statement were
 * a tenth of what a review allocated; bench/README.md, "Eighth pass") or, on PostgreSQL, a pooled
 * connection taken for the statement alone (standingPostgresConnection). Undefined for a
 * transaction whose work is not running (Kysely checks it, and refuses it once committed) and for
 * a PostgreSQL transaction, whose connection Kysely holds.
 */
export function directConnection(db: Executor): DatabaseConnection | undefined {
  if (db.isTransaction) return connections.get(db as Trx);
  const { adapter } = db.getExecutor();
  return standingSqliteConnection(adapter) ?? standingPostgresConnection(adapter);
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
