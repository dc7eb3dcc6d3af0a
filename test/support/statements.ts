import type { DatabaseConnection } from 'kysely';
import type { Db } from '../../src/db/connect.js';
import { directConnection } from '../../src/db/transaction.js';
import { recordPgQueriesWhenIdle, type SentQueries } from './pg-queries.js';

/**
 * The statement texts sent to `db` from the call until `restore`, on either engine: on PostgreSQL
 * every text pg's clients send (recordPgQueriesWhenIdle), on SQLite every statement run through
 * the driver's connections (Kysely's and the statements compiled once; not the reads run at once
 * on a connection, as the credential's hook read).
 */
export async function recordStatements(db: Db): Promise<SentQueries> {
  if (db.engine === 'postgres') return recordPgQueriesWhenIdle(db);
  // Every connection of the SQLite driver is of the standing connection's class.
  const handles = Object.getPrototypeOf(directConnection(db.kysely)!) as DatabaseConnection;
  const original = handles.executeQuery;
  const sent: string[] = [];
  handles.executeQuery = function (this: DatabaseConnection, query) {
    sent.push(query.sql);
    return original.call(this, query);
  } as typeof original;
  return { sent, restore: () => void (handles.executeQuery = original) };
}

/** `work`'s result and the statement texts sent to `db` while it ran (recordStatements). */
export async function withStatements<T>(db: Db, work: () => Promise<T>): Promise<{ readonly result: T; readonly sent: readonly string[] }> {
  const recorded = await recordStatements(db);
  try {
    return { result: await work(), sent: recorded.sent };
  } finally {
    recorded.restore();
  }
}
