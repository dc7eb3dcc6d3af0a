import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import pRetry from 'p-retry';
import { BusyError } from '../shared/busy.js';
import { rowMakerOf, type RowMaker } from './sqlite-rows.js';

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
/**
 * Checkpoint bounds (with a WalCheckpointer): at most one checkpoint this often while commits come,
 * and the WAL started afresh once it holds this many frames (SQLite's own default threshold). Once
 * no commit came for CHECKPOINT_INTERVAL_MS, the WAL is copied to its end (Writer#quietCheckpoint).
 */
const CHECKPOINT_INTERVAL_MS = 500;
const WAL_RESTART_FRAMES = 1000;

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
  /** The statements that return their rows as values in raw mode, with the maker of their objects (rowMakerOf). */
  readonly #rowMakers = new WeakMap<BetterSqlite3.Statement, RowMaker>();

  constructor(readonly db: BetterSqlite3.Database) {}

  prepare(text: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.db.prepare(text);
      const makeRow = statement.reader ? rowMakerOf(text, statement) : null;
      if (makeRow !== null) {
        statement.raw(true);
        this.#rowMakers.set(statement, makeRow);
      }
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  /** Runs `sql` (prepared once) with `parameters`. */
  query<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    return this.run(this.prepare(sql), parameters);
  }

  run<R>(statement: BetterSqlite3.Statement, parameters: readonly unknown[]): QueryResult<R> {
    if (statement.reader) {
      const rows = statement.all(parameters) as unknown[];
      const makeRow = this.#rowMakers.get(statement);
      if (makeRow !== undefined) for (let i = 0; i < rows.length; i += 1) rows[i] = makeRow(rows[i] as unknown[]);
      return { rows: rows as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

/**
 * The writer's lock: one holder at a time, the others waiting in arrival order. A lock given up
 * goes straight to the next waiter, so `tryLock` never takes it ahead of one.
 */
class Mutex {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  lock(): Promise<() => void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve(this.#release());
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(this.#release())));
  }

  /** The lock at once, or null while it is held. */
  tryLock(): (() => void) | null {
    if (this.#held) return null;
    this.#held = true;
    return this.#release();
  }

  /** Gives up the lock once, however often it is called. */
  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next === undefined) this.#held = false;
      else next();
    };
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
 * Makes durable what the writing connection has committed: an fdatasync of the WAL file
 * (src/db/wal-sync.ts). Given when commits must survive a power cut (synchronous=FULL asked); the
 * connection then runs with synchronous=NORMAL and the driver syncs off the event loop.
 */
export interface CommitSync {
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** What a PASSIVE checkpoint saw: the frames in the WAL, and how many of them are copied into the database file. */
export interface CheckpointResult {
  walFrames: number;
  copiedFrames: number;
}

/**
 * Copies the WAL into the database file off the event loop (src/db/wal-checkpoint.ts), instead of
 * SQLite's own checkpoint inside a COMMIT on the event loop; the writing connection then keeps its
 * own only as a backstop, at a far larger WAL.
 */
export interface WalCheckpointer {
  checkpoint(): Promise<CheckpointResult>;
  close(): Promise<void>;
}

/**
 * The read connection held, while a COMMIT is not yet durable, on the state before it: every commit
 * before it is durable then, so reads outside transactions go on at once and see only what a power
 * cut cannot take back. Under SQLite's own checkpoints, inside each COMMIT, this snapshot kept the
 * WAL from ever starting afresh under a steady load (the file grew sixfold); the checkpoints of a
 * WalCheckpointer reach the WAL's end with the write lock held and the last commit synced, when no
 * snapshot is held. Should the snapshot fail to start (a lock of another process), reads wait for
 * the sync instead.
 */
class DurableSnapshot {
  #held = false;

  constructor(readonly reader: Statements | null) {}

  get held(): boolean {
    return this.#held;
  }

  /** Just before a COMMIT. */
  hold(): void {
    const reader = this.reader;
    if (reader === null) return;
    try {
      reader.db.exec('begin');
      // A deferred BEGIN takes its snapshot at its first read.
      reader.run(reader.prepare('select 1 from sqlite_master limit 1'), []);
      this.#held = true;
    } catch {
      if (reader.db.inTransaction) reader.db.exec('rollback');
    }
  }

  /** Once the COMMIT is durable, or has failed. */
  release(): void {
    if (!this.#held) return;
    this.#held = false;
    // The transaction only read: ending it either way is the same.
    this.reader?.db.exec('rollback');
  }
}

/**
 * The write side: the one connection that writes, serialised, with group commit.
 *
 * Each use case's transaction runs as a SAVEPOINT inside a shared SQLite transaction (BEGIN
 * IMMEDIATE), so a failing one rolls back alone. Its commit releases the savepoint and hands the
 * connection to the next transaction, which joins the same SQLite transaction. The batch COMMITs in
 * the next turn of the event loop (or at once when full), and each member's commit is acknowledged
 * only once the batch is durable. So nothing is acknowledged before it is durable, and concurrent
 * learners share the cost of a sync instead of paying one each.
 *
 * With a CommitSync the COMMIT only writes the WAL, and the sync runs on the threadpool: the event
 * loop serves requests meanwhile, and the next batch's transactions run on the connection; that
 * batch COMMITs once the sync is over, so at most one commit is not yet durable at any time. While
 * it is not, reads outside transactions see the state before it (DurableSnapshot), so nobody reads
 * what a power cut could still take back.
 */
class Writer {
  readonly statements: Statements;
  readonly lockWaitMs: number;
  readonly #commitSync: CommitSync | null;
  readonly #checkpointer: WalCheckpointer | null;
  readonly #snapshot: DurableSnapshot;
  readonly #mutex = new Mutex();
  #batch: Batch | null = null;
  #flushScheduled = false;
  /** Set from the COMMIT until its sync is over; it never rejects (the batch is told the error). */
  #syncing: Promise<void> | null = null;
  /** Why a sync failed: after that what was committed may be lost, so no write is acknowledged again. */
  #broken: Error | null = null;
  #checkpointing = false;
  #lastCheckpoint = performance.now();
  #lastCommit = 0;
  /** Commits since a checkpoint last reached the WAL's end: their frames are still read from the WAL. */
  #uncopiedCommits = false;
  #quietTimer: NodeJS.Timeout | null = null;
  #checkpointerClosed = false;

  constructor(
    db: BetterSqlite3.Database,
    reader: Statements | null,
    lockWaitMs: number,
    commitSync: CommitSync | null,
    checkpointer: WalCheckpointer | null,
  ) {
    this.statements = new Statements(db);
    this.lockWaitMs = lockWaitMs;
    this.#commitSync = commitSync;
    this.#checkpointer = checkpointer;
    this.#snapshot = new DurableSnapshot(reader);
  }

  lock(): Promise<() => void> {
    return this.#mutex.lock();
  }

  /** The lock at once, or null while a transaction, a flush or a checkpoint holds it. */
  tryLock(): (() => void) | null {
    return this.#mutex.tryLock();
  }

  #exec(text: string): void {
    this.statements.run(this.statements.prepare(text), []);
  }

  #usable(): void {
    if (this.#broken !== null)
      throw new Error('Writes are refused since the database could not make a commit durable.', { cause: this.#broken });
  }

  /** Starts a member transaction (opening the shared SQLite transaction if none is open); the lock is held. */
  async begin(): Promise<void> {
    this.#usable();
    if (this.#batch === null) {
      await retryBusy(this.lockWaitMs, () => this.#exec('begin immediate'));
      this.#batch = new Batch();
    }
    this.#exec('savepoint member');
  }

  /**
   * begin() at once, for a transaction run in one go (runNow): false, with nothing begun, when the
   * shared transaction cannot be opened now (another process holds the database's lock) or writes
   * are refused. The lock is held.
   */
  beginNow(): boolean {
    if (this.#broken !== null) return false;
    if (this.#batch === null) {
      try {
        this.#exec('begin immediate');
      } catch (error) {
        if (isBusy(error)) return false;
        throw error;
      }
      this.#batch = new Batch();
    }
    this.#exec('savepoint member');
    return true;
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

  /**
   * Commits the open batch, if any, after the last commit's sync (before a statement outside a
   * transaction writes, or when the batch is due). Its members are acknowledged once it is durable;
   * this resolves when the COMMIT is done. The lock is held.
   */
  async flush(): Promise<void> {
    const batch = this.#batch;
    if (batch === null) return;
    await this.#syncing;
    this.#batch = null;
    try {
      this.#usable();
      await this.#committing(
        () => retryBusy(this.lockWaitMs, () => this.#exec('commit')),
        (error) => batch.settle(error),
      );
    } catch (error) {
      // Nothing of the batch is acknowledged: every member's commit fails with the COMMIT's error.
      batch.settle(error);
      if (this.statements.db.inTransaction) this.#exec('rollback');
    }
  }

  /**
   * Runs a statement outside a transaction (SQLite commits it by itself) after the last commit's
   * sync, and resolves once it is durable. The lock is held.
   */
  async autocommit<R>(run: () => QueryResult<R>): Promise<QueryResult<R>> {
    await this.#syncing;
    this.#usable();
    let result!: QueryResult<R>;
    const done = new Promise<void>((resolve, reject) => {
      void this.#committing(
        () => {
          result = run();
        },
        (error) => (error === undefined ? resolve() : reject(error)),
      ).catch(reject);
    });
    await done;
    return result;
  }

  /**
   * Runs `commit` (which makes writes visible), then tells `settle` once they are durable: at once
   * without a CommitSync, else after the sync. Rejects, with nothing to settle, when `commit` fails.
   */
  async #committing(commit: () => void | Promise<void>, settle: (error?: unknown) => void): Promise<void> {
    const sync = this.#commitSync;
    if (sync === null) {
      await commit();
      this.#checkpointDue();
      settle();
      return;
    }
    // Set before the COMMIT runs: from then until the sync is over, reads outside transactions see
    // the state before it, or wait when it could not be held.
    let synced!: () => void;
    this.#syncing = new Promise<void>((resolve) => (synced = resolve));
    this.#snapshot.hold();
    const over = (error?: unknown) => {
      this.#snapshot.release();
      this.#syncing = null;
      synced();
      settle(error);
    };
    try {
      await commit();
    } catch (error) {
      this.#snapshot.release();
      this.#syncing = null;
      synced();
      throw error;
    }
    this.#checkpointDue();
    sync.sync().then(
      () => over(),
      (error: unknown) => {
        this.#broken = error instanceof Error ? error : new Error(String(error));
        over(error);
      },
    );
  }

  /** After a COMMIT: starts a checkpoint when one is due and none runs, and arms the quiet checkpoint. */
  #checkpointDue(): void {
    const checkpointer = this.#checkpointer;
    if (checkpointer === null) return;
    this.#lastCommit = performance.now();
    this.#uncopiedCommits = true;
    this.#armQuietCheckpoint(CHECKPOINT_INTERVAL_MS);
    if (this.#checkpointing || this.#lastCommit - this.#lastCheckpoint < CHECKPOINT_INTERVAL_MS) return;
    this.#runCheckpoint(() => this.#checkpoint(checkpointer));
  }

  /**
   * One checkpoint at a time. One that fails is tried again at the next one due; meanwhile the
   * connection's own checkpoint, far later, still bounds the WAL.
   */
  #runCheckpoint(checkpoint: () => Promise<void>): void {
    this.#checkpointing = true;
    void checkpoint()
      .catch(() => {})
      .finally(() => {
        this.#checkpointing = false;
        this.#lastCheckpoint = performance.now();
      });
  }

  #armQuietCheckpoint(delayMs: number): void {
    if (this.#quietTimer !== null || this.#checkpointerClosed) return;
    this.#quietTimer = setTimeout(() => {
      this.#quietTimer = null;
      this.#quietCheckpoint();
    }, delayMs);
    // A pending copy is no reason to keep the process alive.
    this.#quietTimer.unref();
  }

  /**
   * Once writes stop, the frames written since the last copy would stay in the WAL for as long as
   * none come, and while a WAL holds frames not yet copied every read looks its pages up there
   * first (SQLite ignores a WAL only once it is copied to its end): a dashboard alone took 6 ms
   * against 1.7 ms after the copy (bench/README.md, seventh pass). So when no commit came for
   * CHECKPOINT_INTERVAL_MS, the WAL is copied to its end, writes paused for the copy.
   */
  #quietCheckpoint(): void {
    const checkpointer = this.#checkpointer;
    if (checkpointer === null || !this.#uncopiedCommits || this.#checkpointerClosed) return;
    const sinceCommit = performance.now() - this.#lastCommit;
    // A copy running, or a commit since: look again once the interval after it is over.
    if (this.#checkpointing || sinceCommit < CHECKPOINT_INTERVAL_MS) {
      this.#armQuietCheckpoint(this.#checkpointing ? CHECKPOINT_INTERVAL_MS : CHECKPOINT_INTERVAL_MS - sinceCommit);
      return;
    }
    this.#runCheckpoint(() => this.#checkpointToEnd(checkpointer));
  }

  /**
   * Copies most of the WAL while the writer goes on. Once the WAL is long, copies the rest with no
   * transaction open on the writer (the lock held, the batch committed and synced): the checkpoint
   * then reaches the WAL's end, so the next write starts the WAL afresh. Under a steady load a copy
   * made beside the writer never reaches the end, and the WAL would grow for as long as the load.
   */
  async #checkpoint(checkpointer: WalCheckpointer): Promise<void> {
    const { walFrames } = await checkpointer.checkpoint();
    if (walFrames >= WAL_RESTART_FRAMES) await this.#checkpointToEnd(checkpointer);
  }

  /** Copies the whole WAL: no transaction open on the writer (the lock held, the batch committed and synced). */
  async #checkpointToEnd(checkpointer: WalCheckpointer): Promise<void> {
    const unlock = await this.lock();
    try {
      await this.flush();
      await this.#syncing;
      if (this.#checkpointerClosed) return;
      const { walFrames, copiedFrames } = await checkpointer.checkpoint();
      // A reader's snapshot of another process can keep the copy short; the next commit re-arms.
      if (copiedFrames === walFrames) this.#uncopiedCommits = false;
    } finally {
      unlock();
    }
  }

  /** Ends the checkpointer; the lock is held, and nothing is left to commit. */
  async closeCheckpointer(): Promise<void> {
    this.#checkpointerClosed = true;
    if (this.#quietTimer !== null) clearTimeout(this.#quietTimer);
    this.#quietTimer = null;
    await this.#checkpointer?.close();
  }

  /** While a commit waits for its sync: settles when the sync is over. Null when every commit is durable. */
  get syncing(): Promise<void> | null {
    return this.#syncing;
  }

  /** What a read outside a transaction waits for first: a sync, when the durable snapshot could not be held. */
  get unreadable(): Promise<void> | null {
    return this.#snapshot.held ? null : this.#syncing;
  }

  async #handOver(unlock: () => void): Promise<void> {
    try {
      // While a sync runs, the batch waits for it whatever its size (flush would wait holding the lock).
      if (this.#batch?.full && this.#syncing === null) await this.flush();
    } finally {
      unlock();
    }
    // The COMMIT waits for the next turn of the event loop, or for the last commit's sync: requests
    // that are ready now start their transactions first and join this batch. The flusher queues for
    // the lock like a transaction.
    if (this.#batch !== null && !this.#flushScheduled) {
      this.#flushScheduled = true;
      const due = this.#syncing ?? new Promise<void>((resolve) => setImmediate(resolve));
      // A failed COMMIT is reported to every member by flush(); a failed rollback after it leaves
      // the connection to the next BEGIN, which reports it.
      void due.then(() => this.#scheduledFlush()).catch(() => {});
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
  #readOnly(reader: Statements, text: string): BetterSqlite3.Statement | null {
    try {
      const statement = reader.prepare(text);
      return statement.readonly ? statement : null;
    } catch {
      // What the read connection cannot prepare (a write it refuses), the writer runs.
      return null;
    }
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiledQuery.parameters as unknown[];
    const { writer } = this;
    if (this.#inTransaction) {
      const { statements } = writer;
      const statement = statements.prepare(compiledQuery.sql);
      // The transaction holds the write lock, so a statement in it is almost never refused busy:
      // it runs here, and only a refusal pays for the retrying (an async layer and a closure).
      try {
        return statements.run<R>(statement, parameters);
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
      return retryBusy(writer.lockWaitMs, () => statements.run<R>(statement, parameters));
    }
    const { reader } = this;
    const read = reader === null ? null : this.#readOnly(reader, compiledQuery.sql);
    if (read !== null) {
      // Nothing is read that a power cut could still take back: while a commit waits for its sync,
      // the read sees the state before it (or waits). Checked again just before every attempt: a
      // COMMIT may come between. A read that need not wait runs here, and only one that waits or is
      // refused busy pays for the retrying (an async layer and a closure), as in a transaction.
      if (writer.unreadable === null) {
        try {
          return reader!.run<R>(read, parameters);
        } catch (error) {
          if (!isBusy(error)) throw error;
        }
      }
      return retryBusy(writer.lockWaitMs, async () => {
        while (writer.unreadable !== null) await writer.unreadable;
        return reader!.run<R>(read, parameters);
      });
    }
    const lease = { unlock: await writer.lock(), held: true };
    try {
      await writer.flush();
      const statement = writer.statements.prepare(compiledQuery.sql);
      // While another process holds the lock, in-process writers may go ahead between attempts.
      return await retryBusy(writer.lockWaitMs, () => writer.autocommit(() => writer.statements.run<R>(statement, parameters)), {
        pause: () => {
          lease.held = false;
          lease.unlock();
        },
        resume: async () => {
          lease.unlock = await writer.lock();
          lease.held = true;
          // A batch opened meanwhile is committed first: the statement must run on its own.
          await writer.flush();
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
  /**
   * The connection of statements outside transactions that skip Kysely's connection layers
   * (directConnection in src/db/transaction.ts): such a statement keeps nothing on its handle (a
   * write takes the writer's lock for its own run), so one handle serves them all at once.
   */
  readonly standing: SqliteHandle;
  readonly #writer: Writer;
  readonly #reader: Statements | null;
  readonly #writeDb: BetterSqlite3.Database;
  readonly #readDb: BetterSqlite3.Database | null;
  /** Handles are reused: Kysely remembers every connection object it was given. */
  readonly #idle: SqliteHandle[] = [];
  /**
   * The handle of the transaction that holds the writer's lock, from its BEGIN to its commit or
   * rollback: transactions are serialised by that lock, so there is at most one.
   */
  #transaction: SqliteHandle | null = null;

  readonly #commitSync: CommitSync | null;

  constructor(writeDb: BetterSqlite3.Database, readDb: BetterSqlite3.Database | null, options: Required<SqliteDialectOptions>) {
    this.#writeDb = writeDb;
    this.#readDb = readDb;
    this.#reader = readDb === null ? null : new Statements(readDb);
    this.#commitSync = options.commitSync;
    this.#writer = new Writer(writeDb, this.#reader, options.lockWaitMs, options.commitSync, options.checkpointer);
    this.standing = new SqliteHandle(this.#writer, this.#reader);
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
    this.#transaction = connection as SqliteHandle;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.#ended(connection);
    await (connection as SqliteHandle).commitTransaction();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.#ended(connection);
    await (connection as SqliteHandle).rollbackTransaction();
  }

  /** `work` on the read connection, at once (sqliteReadNow). */
  readNow<T>(work: (statements: SqliteStatements) => T): T | undefined {
    const reader = this.#reader;
    if (reader === null || this.#writer.unreadable !== null) return undefined;
    try {
      return work(reader);
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  /** `work` on the writer's connection, at once (sqliteWriterReadNow). */
  readOnWriterNow<T>(work: (statements: SqliteStatements) => T): T | undefined {
    const unlock = this.#writer.tryLock();
    if (unlock === null) return undefined;
    try {
      return work(this.#writer.statements);
    } catch (error) {
      if (isBusy(error)) return undefined;
      throw error;
    } finally {
      unlock();
    }
  }

  /** `work` as a transaction of its own, run at once (sqliteTransactionNow). */
  runNow<T>(work: (statements: SqliteStatements) => T | undefined): Promise<T | undefined> {
    const writer = this.#writer;
    const unlock = writer.tryLock();
    if (unlock === null) return NOT_NOW;
    let began = false;
    try {
      began = writer.beginNow();
    } finally {
      if (!began) unlock();
    }
    if (!began) return NOT_NOW;
    let result: T | undefined;
    try {
      result = work(writer.statements);
      if (result !== undefined) writer.keep();
    } catch (error) {
      const undone = writer.rollback(unlock);
      // Refused busy (the transaction holds the write lock, so hardly ever): tried again the usual way, which waits.
      return isBusy(error)
        ? undone.then(() => undefined)
        : undone.then(() => {
            throw error;
          });
    }
    return result === undefined ? writer.rollback(unlock).then(() => undefined) : writer.commit(unlock).then(() => result);
  }

  /** The connection of the transaction running now (transactionSqliteConnection); null between transactions. */
  get transaction(): SqliteHandle | null {
    return this.#transaction;
  }

  #ended(connection: DatabaseConnection): void {
    if (this.#transaction === connection) this.#transaction = null;
  }

  async destroy(): Promise<void> {
    const unlock = await this.#writer.lock();
    try {
      await this.#writer.flush();
      await this.#writer.syncing;
      await this.#writer.closeCheckpointer();
    } finally {
      unlock();
    }
    await this.#commitSync?.close();
    this.#readDb?.close();
    this.#writeDb.close();
  }
}

/** The adapter of CachedSqliteDialect: Kysely's SQLite adapter, which also leads to the driver's connections. */
class GroupCommitSqliteAdapter extends SqliteAdapter {
  constructor(readonly driver: () => GroupCommitSqliteDriver | null) {
    super();
  }
}

/**
 * The driver's connection for statements outside transactions, when `adapter` is a
 * CachedSqliteDialect's (a database or any of its transactions has it); undefined for any other.
 */
export function standingSqliteConnection(adapter: DialectAdapter): DatabaseConnection | undefined {
  return adapter instanceof GroupCommitSqliteAdapter ? adapter.driver()?.standing : undefined;
}

/**
 * The connection of the transaction running now, when `adapter` is a CachedSqliteDialect's: the one
 * holding the writer's lock, so within a transaction's work it is that transaction's own (known
 * without asking Kysely's single-connection provider, two async layers and a queue). Undefined for
 * any other adapter or between transactions.
 */
export function transactionSqliteConnection(adapter: DialectAdapter): DatabaseConnection | undefined {
  return adapter instanceof GroupCommitSqliteAdapter ? (adapter.driver()?.transaction ?? undefined) : undefined;
}

/** Statements run at once on a SQLite connection: what the work of sqliteTransactionNow is given. */
export interface SqliteStatements {
  /** Runs `sql` with `parameters` (rows as better-sqlite3 reads them, as through Kysely). */
  query<R>(sql: string, parameters: readonly unknown[]): QueryResult<R>;
}

const NOT_NOW: Promise<undefined> = Promise.resolve(undefined);

/**
 * `work` run at once as a transaction of its own on a CachedSqliteDialect's writer: the writer's
 * lock and the shared transaction's savepoint taken without waiting, every statement straight on
 * the writer's connection (better-sqlite3 is synchronous), then the member kept in the batch as
 * any transaction's commit keeps it. No promise or turn of the event loop comes between its reads
 * and writes, where a transaction through Kysely passes its own and the driver's async layers for
 * every statement. Resolves to what `work` answered once the batch holding it is durable. Resolves
 * to undefined, having done nothing, when it cannot run now (another transaction, a flush or a
 * checkpoint holds the lock; another process holds the database's; writes are refused), when
 * `work` answers undefined (its statements are rolled back), when a statement is refused busy, and
 * for any other adapter: the caller then runs it the usual way. An error `work` throws rolls back
 * its statements and rejects.
 */
export function sqliteTransactionNow<T>(
  adapter: DialectAdapter,
  work: (statements: SqliteStatements) => T | undefined,
): Promise<T | undefined> {
  const driver = adapter instanceof GroupCommitSqliteAdapter ? adapter.driver() : null;
  return driver === null ? NOT_NOW : driver.runNow(work);
}

/**
 * `work`'s reads run at once on a CachedSqliteDialect's read connection, as a read outside a
 * transaction runs there through Kysely (the durable state: the read waits for nothing when no
 * commit awaits its sync or the durable snapshot is held). Undefined, with nothing read, when the
 * read would have to wait (or there is no read connection), when a statement is refused busy, and
 * for any other adapter: the caller then reads the usual way. `work` must only read.
 */
export function sqliteReadNow<T>(adapter: DialectAdapter, work: (statements: SqliteStatements) => T): T | undefined {
  return adapter instanceof GroupCommitSqliteAdapter ? adapter.driver()?.readNow(work) : undefined;
}

/**
 * `work`'s reads run at once on a CachedSqliteDialect's writing connection, between two
 * transactions' work, when the writer's lock is free: they see what the writer sees, the open batch's
 * commits too, before they are durable. The writer's page cache stays warm across its own commits,
 * where the read connection drops its whole cache at the first read after any commit (about five
 * times a credential's read on the writer, bench/README.md, "Twelfth pass"). Only for the reads of a
 * write that follows on the writer, whose acknowledgement waits for everything it read to be
 * durable. Undefined, with nothing read, while the lock is held or a statement is refused busy, and
 * for any other adapter: the caller then reads the usual way. `work` must only read.
 */
export function sqliteWriterReadNow<T>(adapter: DialectAdapter, work: (statements: SqliteStatements) => T): T | undefined {
  return adapter instanceof GroupCommitSqliteAdapter ? adapter.driver()?.readOnWriterNow(work) : undefined;
}

export interface SqliteDialectOptions {
  /** How long a statement waits for another process's lock before a BusyError. */
  lockWaitMs?: number;
  /** Makes commits durable off the event loop; null when the connection's own setting decides. */
  commitSync?: CommitSync | null;
  /** Checkpoints the WAL off the event loop; null when the connection's own checkpoints do. */
  checkpointer?: WalCheckpointer | null;
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
  readonly #options: Required<SqliteDialectOptions>;
  #driver: GroupCommitSqliteDriver | null = null;

  constructor(writeDb: BetterSqlite3.Database, readDb: BetterSqlite3.Database | null, options: SqliteDialectOptions = {}) {
    this.#writeDb = writeDb;
    this.#readDb = readDb;
    this.#options = {
      lockWaitMs: options.lockWaitMs ?? DEFAULT_SQLITE_LOCK_WAIT_MS,
      commitSync: options.commitSync ?? null,
      checkpointer: options.checkpointer ?? null,
    };
  }

  createDriver(): Driver {
    const driver = new GroupCommitSqliteDriver(this.#writeDb, this.#readDb, this.#options);
    this.#driver = driver;
    return driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new GroupCommitSqliteAdapter(() => this.#driver);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
