import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import pRetry from 'p-retry';
import { BusyError } from '../shared/busy.js';

const STATEMENT_CACHE_SIZE = 500;

/** How long a statement waits, by default, for a lock another process holds before the request is refused. */
export const DEFAULT_SQLITE_LOCK_WAIT_MS = 5000;
// Backoff between attempts: short at first (most locks are one commit long), then capped.
const FIRST_RETRY_MS = 2;
const LONGEST_RETRY_MS = 100;
/**
 * Group commit bounds: a batch is committed in the turn of the event loop after its first member,
 * and at the latest when it holds this many transactions or is this old, so an acknowledgement
 * never waits long behind a steady stream of writers.
 */
const MAX_BATCH_TRANSACTIONS = 64;
const MAX_BATCH_AGE_MS = 25;

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
}

/** Runs `attempt` until it stops answering SQLITE_BUSY, waiting asynchronously between tries, for at most `waitMs`. */
async function retryBusy<T>(
  waitMs: number,
  attempt: () => T | Promise<T>,
  between?: { pause(): void; resume(): Promise<void> },
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isBusy(error)) throw error;
  }
  let paused = false;
  try {
    return await pRetry(
      async () => {
        if (paused) {
          await between?.resume();
          paused = false;
        }
        try {
          return await attempt();
        } catch (error) {
          if (isBusy(error) && between) {
            between.pause();
            paused = true;
          }
          throw error;
        }
      },
      {
        retries: Number.POSITIVE_INFINITY,
        minTimeout: FIRST_RETRY_MS,
        maxTimeout: LONGEST_RETRY_MS,
        randomize: true,
        maxRetryTime: waitMs,
        shouldRetry: ({ error }) => isBusy(error),
      },
    );
  } catch (error) {
    if (isBusy(error)) throw new BusyError('The database is busy. Try again in a moment.');
    throw error;
  }
}

/** One better-sqlite3 handle with a statement cache (prepare is a large share of a short query's cost). */
class Statements {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(readonly db: BetterSqlite3.Database) {}

  prepare(text: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  run<R>(statement: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<R> {
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

/** Transactions that have finished their work inside the open SQLite transaction and wait for its COMMIT. */
class Batch {
  readonly opened = performance.now();
  readonly #members: { resolve(): void; reject(error: unknown): void }[] = [];

  join(): Promise<void> {
    return new Promise<void>((resolve, reject) => this.#members.push({ resolve, reject }));
  }

  get full(): boolean {
    return this.#members.length >= MAX_BATCH_TRANSACTIONS || performance.now() - this.opened >= MAX_BATCH_AGE_MS;
  }

  settle(error?: unknown): void {
    for (const member of this.#members) {
      if (error === undefined) member.resolve();
      else member.reject(error);
    }
  }
}

/**
 * The write side: the one connection that writes, serialised, with group commit.
 *
 * Each use case's transaction runs as a SAVEPOINT inside a shared SQLite transaction (BEGIN
 * IMMEDIATE), so a failing one rolls back alone. Its commit releases the savepoint and hands the
 * connection to the next transaction, which joins the same SQLite transaction. The batch COMMITs in
 * the next turn of the event loop (or at once when full), with one fsync under synchronous=FULL for
 * all, and only then is each member's commit acknowledged. So nothing is acknowledged before it is
 * durable, and concurrent learners share the cost of a sync instead of paying one each.
 */
class Writer {
  readonly statements: Statements;
  readonly lockWaitMs: number;
  readonly #mutex = new Mutex();
  #batch: Batch | null = null;
  #flushScheduled = false;

  constructor(db: BetterSqlite3.Database, lockWaitMs: number) {
    this.statements = new Statements(db);
    this.lockWaitMs = lockWaitMs;
  }

  lock(): Promise<() => void> {
    return this.#mutex.lock();
  }

  #exec(text: string): void {
    this.statements.run(this.statements.prepare(text), []);
  }

  /** Starts a member transaction (opening the shared SQLite transaction if none is open); the lock is held. */
  async begin(): Promise<void> {
    if (this.#batch === null) {
      await retryBusy(this.lockWaitMs, () => this.#exec('begin immediate'));
      this.#batch = new Batch();
    }
    this.#exec('savepoint member');
  }

  /** Ends a member's savepoint, keeping its work in the batch (a failure here leaves the member open to roll back). */
  keep(): void {
    this.#exec('release member');
  }

  /** Resolves once the batch holding a kept member is durable. The lock is given up here. */
  async commit(unlock: () => void): Promise<void> {
    const durable = this.#batch!.join();
    await this.#handOver(unlock);
    return durable;
  }

  /** Undoes a member's work only; the batch goes on for the others. The lock is given up here. */
  async rollback(unlock: () => void): Promise<void> {
    try {
      this.#exec('rollback to member');
      this.#exec('release member');
    } finally {
      await this.#handOver(unlock);
    }
  }

  /** Commits the open batch, if any: before a statement outside a transaction writes. The lock is held. */
  async flush(): Promise<void> {
    const batch = this.#batch;
    if (batch === null) return;
    this.#batch = null;
    try {
      await retryBusy(this.lockWaitMs, () => this.#exec('commit'));
    } catch (error) {
      // Nothing of the batch is acknowledged: every member's commit fails with the COMMIT's error.
      batch.settle(error);
      if (this.statements.db.inTransaction) this.#exec('rollback');
      return;
    }
    batch.settle();
  }

  async #handOver(unlock: () => void): Promise<void> {
    try {
      if (this.#batch?.full) await this.flush();
    } finally {
      unlock();
    }
    // The COMMIT waits for the next turn of the event loop: requests that are ready now start their
    // transactions first and join this batch. The flusher queues for the lock like a transaction.
    if (this.#batch !== null && !this.#flushScheduled) {
      this.#flushScheduled = true;
      // A failed COMMIT is reported to every member by flush(); a failed rollback after it leaves
      // the connection to the next BEGIN, which reports it.
      setImmediate(() => void this.#scheduledFlush().catch(() => {}));
    }
  }

  async #scheduledFlush(): Promise<void> {
    const unlock = await this.lock();
    this.#flushScheduled = false;
    try {
      await this.flush();
    } finally {
      unlock();
    }
  }
}

/**
 * What Kysely holds while it runs queries: a transaction takes the writer's lock from BEGIN to its
 * commit; outside a transaction a statement that only reads runs on the read connection (WAL lets
 * it read the last committed state while the writer works), and one that writes takes the lock,
 * commits any open batch first, and runs on its own (autocommit).
 */
class SqliteHandle implements DatabaseConnection {
  #unlock: (() => void) | null = null;
  #inTransaction = false;

  readonly writer: Writer;
  readonly reader: Statements | null;

  constructor(writer: Writer, reader: Statements | null) {
    this.writer = writer;
    this.reader = reader;
  }

  async beginTransaction(): Promise<void> {
    this.#unlock = await this.writer.lock();
    await this.writer.begin();
    this.#inTransaction = true;
  }

  async commitTransaction(): Promise<void> {
    this.writer.keep();
    this.#inTransaction = false;
    await this.writer.commit(this.#takeUnlock());
  }

  async rollbackTransaction(): Promise<void> {
    // After a failed batch COMMIT the member is already over; nothing is left to undo.
    if (!this.#inTransaction) return;
    this.#inTransaction = false;
    await this.writer.rollback(this.#takeUnlock());
  }

  release(): void {
    this.#takeUnlock()();
  }

  #takeUnlock(): () => void {
    const unlock = this.#unlock ?? (() => {});
    this.#unlock = null;
    return unlock;
  }

  /** The statement prepared on the read connection, when there is one and the statement only reads. */
  #readOnly(text: string): { statements: Statements; statement: BetterSqlite3.Statement } | null {
    const statements = this.reader;
    if (statements === null) return null;
    try {
      const statement = statements.prepare(text);
      return statement.readonly ? { statements, statement } : null;
    } catch {
      // What the read connection cannot prepare (a write it refuses), the writer runs.
      return null;
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters as unknown[];
    const { writer } = this;
    if (this.#inTransaction) {
      const statement = writer.statements.prepare(compiledQuery.sql);
      return retryBusy(writer.lockWaitMs, () => writer.statements.run<R>(statement, parameters));
    }
    const read = this.#readOnly(compiledQuery.sql);
    if (read !== null) return retryBusy(writer.lockWaitMs, () => read.statements.run<R>(read.statement, parameters));
    const lease = { unlock: await writer.lock(), held: true };
    try {
      await writer.flush();
      const statement = writer.statements.prepare(compiledQuery.sql);
      // While another process holds the lock, in-process writers may go ahead between attempts.
      return await retryBusy(writer.lockWaitMs, () => writer.statements.run<R>(statement, parameters), {
        pause: () => {
          lease.held = false;
          lease.unlock();
        },
        resume: async () => {
          lease.unlock = await writer.lock();
          lease.held = true;
        },
      });
    } finally {
      if (lease.held) lease.unlock();
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite.');
  }
}

class GroupCommitSqliteDriver implements Driver {
  readonly #writer: Writer;
  readonly #reader: Statements | null;
  readonly #writeDb: BetterSqlite3.Database;
  readonly #readDb: BetterSqlite3.Database | null;
  /** Handles are reused: Kysely remembers every connection object it was given. */
  readonly #idle: SqliteHandle[] = [];

  constructor(writeDb: BetterSqlite3.Database, readDb: BetterSqlite3.Database | null, lockWaitMs: number) {
    this.#writeDb = writeDb;
    this.#readDb = readDb;
    this.#writer = new Writer(writeDb, lockWaitMs);
    this.#reader = readDb === null ? null : new Statements(readDb);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#idle.pop() ?? new SqliteHandle(this.#writer, this.#reader);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const handle = connection as SqliteHandle;
    handle.release();
    this.#idle.push(handle);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteHandle).beginTransaction();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteHandle).commitTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SqliteHandle).rollbackTransaction();
  }

  async destroy(): Promise<void> {
    const unlock = await this.#writer.lock();
    try {
      await this.#writer.flush();
    } finally {
      unlock();
    }
    this.#readDb?.close();
    this.#writeDb.close();
  }
}

/**
 * better-sqlite3 behind Kysely: one writing connection with group commit, and (for a database file)
 * a second, read-only connection for statements outside transactions that only read.
 *
 * Locks held by another process (the CLI, a second server) are waited for asynchronously:
 * busy_timeout is 0, so SQLite answers SQLITE_BUSY at once instead of sleeping inside the call and
 * freezing the event loop, and the statement is retried with backoff. Past the wait bound the
 * request is refused with a BusyError.
 */
export class CachedSqliteDialect implements Dialect {
  readonly #writeDb: BetterSqlite3.Database;
  readonly #readDb: BetterSqlite3.Database | null;
  readonly #lockWaitMs: number;

  constructor(writeDb: BetterSqlite3.Database, readDb: BetterSqlite3.Database | null, lockWaitMs = DEFAULT_SQLITE_LOCK_WAIT_MS) {
    this.#writeDb = writeDb;
    this.#readDb = readDb;
    this.#lockWaitMs = lockWaitMs;
  }

  createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#writeDb, this.#readDb, this.#lockWaitMs);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
