import { sql } from 'kysely';
import type { Db } from './connect.js';

/** The database answered no query in time: a server down, a wrong address, a network that drops packets. */
export class DatabaseUnreachable extends Error {}

/** Where a database URL points, for messages: a postgres URL's password is masked. */
export function describeDatabaseUrl(databaseUrl: string): string {
  return databaseUrl.replace(/(\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}

/**
 * One trivial query, bounded in time: a pool connecting to a host that drops packets would
 * otherwise wait for the operating system's TCP timeout (minutes).
 */
export async function pingDatabase(db: Db, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnreachable(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([sql`select 1`.execute(db.kysely), timeout]);
  } catch (error) {
    if (error instanceof DatabaseUnreachable) throw error;
    const reason = error instanceof Error ? error.message || ('code' in error ? String(error.code) : error.name) : String(error);
    throw new DatabaseUnreachable(reason);
  } finally {
    clearTimeout(timer);
  }
}
