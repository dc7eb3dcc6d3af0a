import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import pg from 'pg';
import { engineOf, type DatabaseEngine } from '../config/index.js';
import type { Database } from './schema.js';
import { CurrentSchemaPostgresDialect } from './postgres-dialect.js';
import { CachedSqliteDialect } from './sqlite-driver.js';

/** A connected database: the Kysely instance plus which engine it talks to. */
export interface Db {
  readonly kysely: Kysely<Database>;
  readonly engine: DatabaseEngine;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** PostgreSQL schema to use (tests isolate themselves this way); default `public`. */
  readonly pgSchema?: string;
  readonly pgPoolSize?: number;
}

// bigint (int8) carries epoch-millisecond timestamps and counts; they fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

interface Opened {
  kysely: Kysely<Database>;
  /** Releases the underlying handle or pool; safe after Kysely's own destroy. */
  release(): Promise<void>;
}

function openSqlite(path: string): Opened {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable against corruption in WAL mode; a power cut may lose the last commits only.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return {
    kysely: new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) }),
    release: async () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

function openPostgres(url: string, options: ConnectOptions): Opened {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  return {
    kysely: new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) }),
    release: async () => {
      if (!pool.ending) await pool.end();
    },
  };
}

/** Opens the database named by a `sqlite:<path>` or `postgres://` URL. No migration happens here. */
export function connect(databaseUrl: string, options: ConnectOptions = {}): Db {
  const engine = engineOf(databaseUrl);
  const { kysely, release } = engine === 'sqlite' ? openSqlite(databaseUrl.slice('sqlite:'.length)) : openPostgres(databaseUrl, options);
  return {
    kysely,
    engine,
    // Kysely's destroy is a no-op for an instance that never ran a query, but the SQLite file is
    // opened (and the pool created) eagerly here: release them ourselves so close always closes.
    close: async () => {
      await kysely.destroy();
      await release();
    },
  };
}
