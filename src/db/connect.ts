import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { engineOf, type DatabaseEngine } from '../config/index.js';
import type { Database } from './schema.js';
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

function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL is durable against corruption in WAL mode; a power cut may lose the last commits only.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new CachedSqliteDialect(sqlite) });
}

function openPostgres(url: string, options: ConnectOptions): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pgPoolSize ?? 10,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the database named by a `sqlite:<path>` or `postgres://` URL. No migration happens here. */
export function connect(databaseUrl: string, options: ConnectOptions = {}): Db {
  const engine = engineOf(databaseUrl);
  const kysely =
    engine === 'sqlite' ? openSqlite(databaseUrl.slice('sqlite:'.length)) : openPostgres(databaseUrl, options);
  return {
    kysely,
    engine,
    close: () => kysely.destroy(),
  };
}

/** Cheap liveness probe. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db.kysely);
}
