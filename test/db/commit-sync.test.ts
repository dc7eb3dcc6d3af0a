import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CachedSqliteDialect,
  sqliteReadNow,
  sqliteTransactionNow,
  sqliteWriterReadNow,
  type CommitSync,
  type SqliteStatements,
} from '../../src/db/sqlite-driver.js';

/** A CommitSync the test finishes by hand: each sync waits until the test resolves or fails it. */
class HeldSync implements CommitSync {
  readonly pending: { resolve(): void; reject(error: Error): void }[] = [];
  calls = 0;

  sync(): Promise<void> {
    this.calls += 1;
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }

  async close(): Promise<void> {}

  finish(error?: Error): void {
    const next = this.pending.shift();
    if (next === undefined) throw new Error('no sync is running');
    if (error === undefined) next.resolve();
    else next.reject(error);
  }
}

async function turns(n = 5): Promise<void> {
  for (let i = 0; i < n; i += 1) await nextTurn();
}

// Each test has a database file of its own, its commits synced by a HeldSync.
let path: string;
let writeDb: BetterSqlite3.Database;
let readDb: BetterSqlite3.Database;
let other: BetterSqlite3.Database;
let held: HeldSync;
let db: Kysely<{ probe: { id: number; owner: number } }>;

beforeEach(() => {
  path = join(tmpdir(), `study-commit-sync-${randomBytes(5).toString('hex')}.db`);
  writeDb = new BetterSqlite3(path);
  writeDb.pragma('journal_mode = WAL');
  writeDb.pragma('synchronous = NORMAL');
  writeDb.exec('create table probe (id integer primary key, owner integer not null)');
  readDb = new BetterSqlite3(path, { readonly: true });
  // Another process's view of the file: it sees what is committed, durable or not.
  other = new BetterSqlite3(path, { readonly: true });
  held = new HeldSync();
  db = new Kysely({ dialect: new CachedSqliteDialect(writeDb, readDb, { commitSync: held }) });
});

afterEach(async () => {
  while (held.pending.length > 0) held.finish();
  await db.destroy();
  other.close();
  for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
});

const committed = (owner: number) => (other.prepare('select count(*) as n from probe where owner = ?').get(owner) as { n: number }).n;
const readOutside = async (owner: number) =>
  Number((await sql<{ n: number }>`select count(*) as n from probe where owner = ${owner}`.execute(db)).rows[0]?.n);
const insertIn = (owner: number) => db.transaction().execute((trx) => sql`insert into probe (owner) values (${owner})`.execute(trx));

/**
 * Commits made durable off the event loop (src/db/sqlite-driver.ts with a CommitSync, as
 * src/db/wal-sync.ts gives a database file under synchronous=FULL): the COMMIT only writes, the
 * sync runs apart, and nothing is acknowledged, nor read outside a transaction, before it is over
 * (such reads go on meanwhile, on the state before the COMMIT).
 */
describe('SQLite commits synced off the event loop', () => {
  it('acknowledges a transaction only once its sync is over, and reads outside transactions see it only then', async () => {
    let acknowledged = false;
    const write = insertIn(1).then(() => (acknowledged = true));
    await turns();
    expect(held.calls).toBe(1);
    expect(committed(1)).toBe(1);
    expect(acknowledged).toBe(false);
    // A read outside a transaction meanwhile answers at once, from the state before the COMMIT
    // (another process already sees the write)...
    expect(await readOutside(1)).toBe(0);
    expect(acknowledged).toBe(false);

    held.finish();
    await write;
    expect(acknowledged).toBe(true);
    // ...and sees the write once it is durable.
    expect(await readOutside(1)).toBe(1);
  });

  it('runs the next batch while the last one syncs, and commits it only after that sync', async () => {
    const first = insertIn(1);
    await turns();
    expect(held.calls).toBe(1);

    let secondWorked = false;
    const second = db.transaction().execute(async (trx) => {
      await sql`insert into probe (owner) values (2)`.execute(trx);
      secondWorked = true;
    });
    await turns();
    // Its statements ran on the writer, but its COMMIT waits for the first batch's sync.
    expect(secondWorked).toBe(true);
    expect(committed(2)).toBe(0);
    expect(held.calls).toBe(1);

    held.finish();
    await first;
    await turns();
    expect(committed(2)).toBe(1);
    expect(held.calls).toBe(2);
    held.finish();
    await second;
    expect(await readOutside(2)).toBe(1);
  });

  it('acknowledges a write outside a transaction once it is durable', async () => {
    let acknowledged = false;
    const write = sql`insert into probe (owner) values (3)`.execute(db).then(() => (acknowledged = true));
    await turns();
    expect(committed(3)).toBe(1);
    expect(acknowledged).toBe(false);
    held.finish();
    await write;
    expect(await readOutside(3)).toBe(1);
  });

  it('fails every transaction of a batch whose sync fails, and acknowledges no write after it', async () => {
    const batch = [insertIn(4), insertIn(5)];
    await turns();
    expect(held.calls).toBe(1);
    held.finish(new Error('EIO: i/o error, fdatasync'));
    for (const outcome of await Promise.allSettled(batch)) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toHaveProperty('message', 'EIO: i/o error, fdatasync');
    }
    // After a failed sync what was written may be lost whatever a later sync says: writes are refused.
    await expect(insertIn(6)).rejects.toThrow('Writes are refused since the database could not make a commit durable.');
    await expect(sql`insert into probe (owner) values (7)`.execute(db)).rejects.toThrow(
      'Writes are refused since the database could not make a commit durable.',
    );
    expect(committed(6) + committed(7)).toBe(0);
    expect(held.calls).toBe(1);
  });

  it('rolls a failing transaction back alone; its batch is synced and acknowledged', async () => {
    const kept = insertIn(8);
    const refused = db.transaction().execute(async (trx) => {
      await sql`insert into probe (owner) values (9)`.execute(trx);
      throw new Error('refused');
    });
    await expect(refused).rejects.toThrow('refused');
    await turns();
    held.finish();
    await kept;
    expect(committed(8)).toBe(1);
    expect(committed(9)).toBe(0);
  });
});

/**
 * A SQLite transaction run at once, in one go (src/db/sqlite-driver.ts, sqliteTransactionNow; a
 * review on SQLite runs so): its work runs before the call returns, straight on the writer's
 * connection, and joins the group commit like any transaction; it is acknowledged only once
 * durable, and it does nothing, answering undefined, when the writer is held.
 */
describe('SQLite transactions run at once', () => {
  const now = <T>(work: (statements: SqliteStatements) => T | undefined) => sqliteTransactionNow(db.getExecutor().adapter, work);
  const insert = (statements: SqliteStatements, owner: number) => statements.query('insert into probe (owner) values (?)', [owner]);
  const count = (statements: SqliteStatements, owner: number) =>
    statements.query<{ n: number }>('select count(*) as n from probe where owner = ?', [owner]).rows[0]!.n;

  it('runs its work before returning, its reads seeing its writes, and answers once the batch is durable', async () => {
    let seen = -1;
    let acknowledged = false;
    const done = now((statements) => {
      insert(statements, 1);
      insert(statements, 1);
      seen = count(statements, 1);
      return 'written';
    }).then((answer) => {
      acknowledged = true;
      return answer;
    });
    // Every statement ran before the call returned.
    expect(seen).toBe(2);
    await turns();
    expect(committed(1)).toBe(2);
    expect(acknowledged).toBe(false);
    held.finish();
    expect(await done).toBe('written');
  });

  it('runs after a transaction run through Kysely, seeing its write', async () => {
    const through = db.transaction().execute((trx) => sql`insert into probe (owner) values (2)`.execute(trx));
    await turns(1);
    const atOnce = now((statements) => count(statements, 2));
    await turns();
    held.finish();
    await through;
    expect(await atOnce).toBe(1);
  });

  it('does nothing and answers undefined while another transaction holds the writer', async () => {
    let release!: () => void;
    const holding = db.transaction().execute(async (trx) => {
      await sql`insert into probe (owner) values (3)`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await turns();
    let ran = false;
    expect(
      await now(() => {
        ran = true;
        return 'ran';
      }),
    ).toBeUndefined();
    expect(ran).toBe(false);
    release();
    await turns();
    held.finish();
    await holding;
    expect(committed(3)).toBe(1);
  });

  it('rolls its writes back when its work answers undefined or throws, the batch going on', async () => {
    expect(
      await now((statements) => {
        insert(statements, 4);
        return undefined;
      }),
    ).toBeUndefined();
    const failing = now((statements) => {
      insert(statements, 5);
      throw new Error('refused');
    });
    await expect(failing).rejects.toThrow('refused');
    const kept = now((statements) => insert(statements, 6).numAffectedRows);
    await turns();
    held.finish();
    expect(await kept).toBe(1n);
    expect([committed(4), committed(5), committed(6)]).toEqual([0, 0, 1]);
  });
});

/**
 * Reads run at once on the read connection (src/db/sqlite-driver.ts, sqliteReadNow; the credential
 * check of every request on SQLite runs so): what a read through Kysely outside a transaction sees,
 * with no promise.
 */
describe('SQLite reads run at once', () => {
  const readNow = (owner: number) =>
    sqliteReadNow(db.getExecutor().adapter, (statements) =>
      Number(statements.query<{ n: number }>('select count(*) as n from probe where owner = ?', [owner]).rows[0]?.n),
    );

  it('answers before returning, and while a commit awaits its sync, from the state before it', async () => {
    expect(readNow(1)).toBe(0);
    const write = insertIn(1);
    await turns();
    // Committed (another process sees it) but not yet durable: not read.
    expect(committed(1)).toBe(1);
    expect(readNow(1)).toBe(0);
    held.finish();
    await write;
    expect(readNow(1)).toBe(1);
  });

  it('answers undefined, having read nothing, for a dialect that is not this driver’s', async () => {
    let ran = false;
    const other = new Kysely<object>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
    expect(sqliteReadNow(other.getExecutor().adapter, () => (ran = true))).toBeUndefined();
    expect(ran).toBe(false);
    await other.destroy();
  });
});

/**
 * Reads run at once on the writing connection (src/db/sqlite-driver.ts, sqliteWriterReadNow; the
 * credential check of POST /reviews on SQLite runs so): they see what the writer sees, a batch's
 * commits before they are durable too, and never run inside another transaction's work.
 */
describe('SQLite reads run at once on the writer', () => {
  const count = (statements: SqliteStatements, owner: number) =>
    Number(statements.query<{ n: number }>('select count(*) as n from probe where owner = ?', [owner]).rows[0]?.n);
  const read = (on: typeof sqliteReadNow, owner: number) => on(db.getExecutor().adapter, (statements) => count(statements, owner));

  it('sees the open batch, and its COMMIT before the sync, where the read connection does not; nothing while a transaction holds the writer', async () => {
    // A transaction run at once keeps its work in the open batch, whose COMMIT waits for the next turn.
    const kept = sqliteTransactionNow(db.getExecutor().adapter, (statements) =>
      statements.query('insert into probe (owner) values (?)', [2]),
    );
    expect([read(sqliteWriterReadNow, 2), read(sqliteReadNow, 2)]).toEqual([1, 0]);
    await turns();
    // Committed (another process sees it), not yet durable.
    expect(committed(2)).toBe(1);
    expect([read(sqliteWriterReadNow, 2), read(sqliteReadNow, 2)]).toEqual([1, 0]);
    let release!: () => void;
    const holding = db.transaction().execute(async (trx) => {
      await sql`insert into probe (owner) values (${3})`.execute(trx);
      await new Promise<void>((resolve) => (release = resolve));
    });
    await turns();
    expect(read(sqliteWriterReadNow, 3)).toBeUndefined();
    release();
    held.finish();
    await kept;
    await turns();
    held.finish();
    await holding;
    expect([read(sqliteWriterReadNow, 3), read(sqliteReadNow, 3)]).toEqual([1, 1]);
  });
});
