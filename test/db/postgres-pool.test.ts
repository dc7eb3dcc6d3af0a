import { sql } from 'kysely';
import { connect as connectSocket, createServer, type AddressInfo, type Socket } from 'node:net';
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

/**
 * A TCP proxy to the test database whose connections the test can cut, as a network drop or a
 * crashed host does: the client's socket ends with no word from PostgreSQL.
 */
async function cuttableProxy(): Promise<{ readonly url: string; cut(): void; close(): Promise<void> }> {
  const target = new URL(TEST_DATABASE_URL!);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connectSocket(Number(target.port || 5432), target.hostname);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', drop).on('close', drop);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(TEST_DATABASE_URL!);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    cut: () => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
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

  it('fails a statement whose connection is lost midway and goes on, with the next query on a new connection', async () => {
    const proxy = await cuttableProxy();
    try {
      db = connect(proxy.url, { pgPoolSize: 1 });
      const first = await backendPid(db);
      // Its failure is taken as it comes: it fails while the test cuts the connection.
      const failure = sql`select pg_sleep(2)`.execute(db.kysely).then(
        () => null,
        (error: unknown) => error,
      );
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      try {
        const active = () =>
          admin.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where pid = $1 and state = 'active'`, [first]);
        while ((await active()).rows[0]!.n === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        proxy.cut();
        expect((await failure) as Error).toMatchObject({ message: 'Connection terminated unexpectedly' });
        // pg emits the loss on the connection, given to no one yet: the process is still here.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await backendPid(db)).not.toBe(first);
        await admin.query('select pg_terminate_backend($1)', [first]);
      } finally {
        await admin.end();
      }
    } finally {
      await db?.close();
      db = undefined;
      await proxy.close();
    }
  });

  it('keeps an idle connection open past pg’s 10 s, so a learner’s next sync after a pause reuses it', async () => {
    db = connect(TEST_DATABASE_URL!, { pgPoolSize: 1 });
    const first = await backendPid(db);
    await new Promise((resolve) => setTimeout(resolve, PG_POOL_DEFAULT_IDLE_MS + 1_000));
    expect(db.poolStats()).toEqual({ total: 1, idle: 1, waiting: 0 });
    expect(await backendPid(db)).toBe(first);
  }, 30_000);
});
