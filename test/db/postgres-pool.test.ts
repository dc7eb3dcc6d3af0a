import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Db } from '../../src/db/connect.js';
import { TEST_DATABASE_URL } from '../support/db.js';

/** pg's pool closes a connection idle for this long unless told otherwise. */
const PG_POOL_DEFAULT_IDLE_MS = 10_000;

const backendPid = async (db: Db): Promise<number> =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely)).rows[0]!.pid;

/** Ends `pid`'s backend from another connection, as an administrator or a restart of PostgreSQL would. */
async function endBackend(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

/** The PostgreSQL pool behind `connect` (src/db/connect.ts): its idle connections kept and lost. */
describe.skipIf(!TEST_DATABASE_URL)('the PostgreSQL pool (postgres)', () => {
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('lets go of a connection lost while idle, tells of it, and answers the next query on a new one', async () => {
    const lost: Error[] = [];
    db = connect(TEST_DATABASE_URL!, { pgPoolSize: 1, onIdleConnectionLost: (error) => lost.push(error) });
    const first = await backendPid(db);
    await endBackend(first);
    await expect.poll(() => lost.length).toBe(1);
    expect(lost[0]!.message).toBe('terminating connection due to administrator command');
    expect(db.poolStats()).toEqual({ total: 0, idle: 0, waiting: 0 });
    const next = await backendPid(db);
    expect(next).not.toBe(first);
  });

  it('keeps an idle connection open past pg’s 10 s, so a learner’s next sync after a pause reuses it', async () => {
    db = connect(TEST_DATABASE_URL!, { pgPoolSize: 1 });
    const first = await backendPid(db);
    await new Promise((resolve) => setTimeout(resolve, PG_POOL_DEFAULT_IDLE_MS + 1_000));
    expect(db.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    expect(await backendPid(db)).toBe(first);
  }, 30_000);
});
