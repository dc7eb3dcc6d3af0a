import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
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

function isBusy(error: unknown): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_BUSY');
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

/**
 * The single better-sqlite3 connection, with a statement cache (prepare is a large share of a
 * short query's cost) and serialised access: one use case's transaction holds it until it ends.
 *
 * Locks held by another process (the CLI, a second server) are waited for asynchronously:
 * busy_timeout is 0, so SQLite answers SQLITE_BUSY at once instead of sleeping inside the call and
 * freezing the event loop, and the statement is retried with backoff. Outside a transaction the
 * connection is handed to other in-process work between attempts (reads proceed in WAL mode while
 * another process writes). Past the wait bound the request is refused with a BusyError.
 */
class CachedSqliteConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database;
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  readonly #mutex = new Mutex();
  readonly #lockWaitMs: number;
  #release: (() => void) | null = null;

  constructor(db: BetterSqlite3.Database, lockWaitMs: number) {
    this.#db = db;
    this.#lockWaitMs = lockWaitMs;
  }

  async acquire(): Promise<void> {
    this.#release = await this.#mutex.lock();
  }

  release(): void {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  #prepare(text: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(text);
    if (statement === undefined) {
      statement = this.#db.prepare(text);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = this.#statements.keys().next().value;
        if (oldest !== undefined) this.#statements.delete(oldest);
      }
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #run<R>(compiledQuery: CompiledQuery): QueryResult<R> {
    const statement = this.#prepare(compiledQuery.sql);
    const parameters = compiledQuery.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return this.#run<R>(compiledQuery);
    } catch (error) {
      if (!isBusy(error)) throw error;
    }
    // Inside a transaction (a COMMIT that met a checkpoint) the connection must stay ours; outside
    // one, other in-process work may use it while this statement waits.
    const yieldBetweenAttempts = !this.#db.inTransaction;
    let held = true;
    try {
      return await pRetry(
        async () => {
          if (!held) {
            await this.acquire();
            held = true;
          }
          try {
            return this.#run<R>(compiledQuery);
          } catch (error) {
            if (isBusy(error) && yieldBetweenAttempts) {
              this.release();
              held = false;
            }
            throw error;
          }
        },
        {
          retries: Number.POSITIVE_INFINITY,
          minTimeout: FIRST_RETRY_MS,
          maxTimeout: LONGEST_RETRY_MS,
          randomize: true,
          maxRetryTime: this.#lockWaitMs,
          shouldRetry: ({ error }) => isBusy(error),
        },
      );
    } catch (error) {
      if (isBusy(error)) throw new BusyError('The database is busy. Try again in a moment.');
      throw error;
    } finally {
      // The caller releases what it acquired: give the connection back to the same state.
      if (!held) await this.acquire();
    }
  }

  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used with SQLite.');
  }
}

class CachedSqliteDriver implements Driver {
  readonly #db: BetterSqlite3.Database;
  readonly #connection: CachedSqliteConnection;

  constructor(db: BetterSqlite3.Database, lockWaitMs: number) {
    this.#db = db;
    this.#connection = new CachedSqliteConnection(db, lockWaitMs);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#connection.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    this.#connection.release();
  }

  // IMMEDIATE takes the write lock up front, so a transaction never fails half-way on a lock
  // upgrade when another process (the CLI, a second server) writes too.
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }
}

export class CachedSqliteDialect implements Dialect {
  readonly #db: BetterSqlite3.Database;
  readonly #lockWaitMs: number;

  constructor(db: BetterSqlite3.Database, lockWaitMs = DEFAULT_SQLITE_LOCK_WAIT_MS) {
    this.#db = db;
    this.#lockWaitMs = lockWaitMs;
  }

  createDriver(): Driver {
    return new CachedSqliteDriver(this.#db, this.#lockWaitMs);
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
