import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { engineOf, type DatabaseEngine, type SqliteSynchronous } from '../config/index.js';
import type { PoolStats, TransactionOutcome } from '../metrics/index.js';
import { KeptCounts } from './kept-counts.js';
import { LearnerWriteGate } from './learner-gate.js';
import { SeededWrites } from './seeded-writes.js';
import type { Database } from './schema.js';
import { CurrentSchemaPostgresDialect } from './postgres-dialect.js';
import { ByteFieldsClient } from './byte-fields.js';
import { preparingPool } from './prepared-statements.js';
import { CachedSqliteDialect, DEFAULT_SQLITE_LOCK_WAIT_MS } from './sqlite-driver.js';
import { walCheckpointer } from './wal-checkpoint.js';
import { walSync } from './wal-sync.js';

/** A connected database: the Kysely instance plus which engine it talks to. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly engine: DatabaseEngine;
  /** Serialises each learner's writes in this process before they take a connection. */
  readonly learnerWrites: LearnerWriteGate;
  /** Counts of learners' collections, each kept with the learner state it was read in. */
  readonly keptCounts: KeptCounts;
  /** Writes of learners' rows outside the use cases (seeding), which what is kept across stamps must see. */
  readonly seededWrites: SeededWrites;
  /** Told of every transaction run through inTransaction (metrics); none by default. */
  readonly observeTransaction: TransactionObserver | null;
  /** The PostgreSQL pool's connections, for metrics; null on SQLite. */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export type TransactionObserver = (outcome: TransactionOutcome, seconds: number) => void;

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests isolate themselves this way); default `public`. */
  readonly pgSchema?: string;
  readonly pgPoolSize?: number;
  /** SQLite's `synchronous` setting; default `full` (an acknowledged commit survives a power cut). */
  readonly sqliteSynchronous?: SqliteSynchronous;
  /** How long a SQLite statement waits for another process's lock before a BusyError. */
  readonly sqliteLockWaitMs?: number;
  readonly observeTransaction?: TransactionObserver;
  /**
   * Told when a PostgreSQL connection idle in the pool is lost (the server restarted, an
   * administrator ended the backend, the network dropped it). The pool has already let it go and
   * opens a new one when next needed; unheard, pg's pool would throw the error out of the process.
   */
  readonly onIdleConnectionLost?: (error: Error) => void;
}

/**
 * How long a PostgreSQL connection stays open idle in the pool. pg's pool closes one after 10 s,
 * so a learner's next sync after any pause opened new connections (13-37 ms each) and PostgreSQL
 * planned every prepared statement afresh on them; five minutes outlasts a pause within a study
 * session, and a server idle for longer gives its connections back (docs/decisions.md,
 * "PostgreSQL connections kept through a pause, and lost ones let go").
 */
export const PG_IDLE_CONNECTION_MS = 5 * 60_000;

// bigint (int8) carries epoch-millisecond timestamps and counts; they fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

interface Opened {
  kysely: Kysely<Database>;
  poolStats(): PoolStats | null;
  /** Releases the underlying handle or pool; safe after Kysely's own destroy. */
  release(): Promise<void>;
}

/** The WAL length at which the writing connection checkpoints by itself, should the checkpointer fall behind or fail. */
const BACKSTOP_CHECKPOINT_FRAMES = 10_000;

function openSqlite(path: string, options: ConnectOptions): Opened {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  // Opening may wait (synchronously, before anything is served) for another process's lock...
  const sqlite = new BetterSqlite3(path, { timeout: DEFAULT_SQLITE_LOCK_WAIT_MS });
  sqlite.pragma('journal_mode = WAL');
  // FULL syncs the WAL on every commit: what a client was told is saved survives a power cut or an
  // OS crash. NORMAL (the operator's choice, SQLITE_SYNCHRONOUS) is faster and still never corrupts,
  // but may lose the last commits then. See docs/decisions.md, "SQLite durability".
  // For a file, FULL's sync after each COMMIT is made by the driver off the event loop (walSync):
  // the connection itself then syncs as NORMAL does, at checkpoints.
  const durable = options.sqliteSynchronous !== 'normal';
  const commitSync = durable && path !== ':memory:' ? walSync(path) : null;
  const synchronous = durable && commitSync === null ? 'FULL' : 'NORMAL';
  sqlite.pragma(`synchronous = ${synchronous}`);
  sqlite.pragma('foreign_keys = ON');
  // ...but once open, locks are waited for by the driver, asynchronously: SQLite's own busy
  // handler sleeps inside the call and would freeze the event loop.
  sqlite.pragma('busy_timeout = 0');
  // Each transaction of a group commit is a SAVEPOINT (sqlite-driver.ts), so the pages it changes
  // are first copied to a statement journal, by default a temporary file: four of five writes of a
  // review went there (bench/README.md, Issue 16, sixth pass). In memory it is a copy; sorts and
  // temporary tables of reads stay there too (docs/decisions.md, "SQLite temporary storage in memory").
  sqlite.pragma('temp_store = MEMORY');
  // For a file, the WAL is copied into the database by a worker thread (walCheckpointer); the
  // connection's own checkpoint, which runs inside a COMMIT on the event loop, is only a backstop.
  const checkpointer = path === ':memory:' ? null : walCheckpointer(path, synchronous);
  if (checkpointer !== null) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_FRAMES}`);
  // Statements outside transactions that only read use a second, read-only connection: in WAL mode
  // it reads the last committed state while the writer works (see sqlite-driver.ts).
  const reader = path === ':memory:' ? null : new BetterSqlite3(path, { readonly: true, timeout: DEFAULT_SQLITE_LOCK_WAIT_MS });
  if (reader !== null) {
    reader.pragma(`synchronous = ${synchronous}`);
    reader.pragma('busy_timeout = 0');
    reader.pragma('temp_store = MEMORY');
  }
  return {
    kysely: new Kysely<Database>({
      dialect: new CachedSqliteDialect(sqlite, reader, {
        lockWaitMs: options.sqliteLockWaitMs ?? DEFAULT_SQLITE_LOCK_WAIT_MS,
        commitSync,
        checkpointer,
      }),
    }),
    poolStats: () => null,
    release: async () => {
      await checkpointer?.close();
      if (reader?.open) reader.close();
      if (sqlite.open) sqlite.close();
    },
  };
}

function openPostgres(url: string, options: ConnectOptions): Opened {
  const pool = new pg.Pool({
    // Its connections hand over the fields a statement asks for as bytes (src/db/byte-fields.ts).
    Client: ByteFieldsClient,
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    idleTimeoutMillis: PG_IDLE_CONNECTION_MS,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  pool.on('error', (error) => options.onIdleConnectionLost?.(error));
  // A connection lost while a statement runs on it (PostgreSQL restarted, a backend ended) fails
  // that statement, and the pool lets the connection go when it is given back. pg also emits the
  // loss as `error` on the client, which nothing listens to while it is checked out: Node would
  // end the process with it (docs/decisions.md, "PostgreSQL connections kept through a pause, and
  // lost ones let go").
  pool.on('connect', (client) => client.on('error', () => {}));
  return {
    kysely: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool: preparingPool(pool) }) }),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    release: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}

/** Opens the database named by a `sqlite:<path>` or `postgres://` URL. No migration happens here. */
export function connect(databaseUrl: string, options: ConnectOptions = {}): Db {
  const engine = engineOf(databaseUrl);
  const { kysely, release, poolStats } =
    engine === 'sqlite' ? openSqlite(databaseUrl.slice('sqlite:'.length), options) : openPostgres(databaseUrl, options);
  return {
    kysely,
    engine,
    learnerWrites: new LearnerWriteGate(),
    keptCounts: new KeptCounts(),
    seededWrites: new SeededWrites(),
    observeTransaction: options.observeTransaction ?? null,
    poolStats,
    // Kysely's destroy is a no-op for an instance that never ran a query, but the SQLite file is
    // opened (and the pool created) eagerly here: release them ourselves so close always closes.
    close: async () => {
      await kysely.destroy();
      await release();
    },
  };
}
