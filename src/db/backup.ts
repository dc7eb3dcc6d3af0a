import { execFile } from 'node:child_process';
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describeDatabaseUrl } from './reachability.js';
import { migrations } from './migrations/index.js';

/**
 * Backups and restores (`study-service backup` / `restore`; docs/decisions.md, "Backups"). SQLite:
 * the online backup API, safe while servers write, verified with integrity_check. PostgreSQL:
 * pg_dump's custom format and pg_restore, when they are on PATH.
 */

/** A backup or restore that cannot be done; the message says why and what to do. */
export class BackupError extends Error {}

export interface BackupReport {
  bytes: number;
  ms: number;
  /** What was verified, for the confirmation line. */
  verified: string;
}

const run = promisify(execFile);
const MIGRATION_TABLE = 'kysely_migration';
/** A backup step copies every remaining page at once, so writes by other connections cannot make it restart forever. */
const ALL_PAGES = 0x7fffffff;

/** The file of a `sqlite:<path>` DATABASE_URL. */
export function sqlitePathOf(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length);
}

/** Written beside the target and renamed into place once verified, so a failure never leaves a half file under the name. */
const partialOf = (file: string) => `${file}.partial`;

function refuseExisting(file: string): void {
  if (existsSync(file)) throw new BackupError(`${file} already exists; choose another name or remove it first.`);
  if (!existsSync(dirname(file))) throw new BackupError(`The folder of ${file} does not exist.`);
}

/** Checks that a SQLite file is sound and is a study-service database this version can run; returns its applied migrations. */
function verifySqlite(file: string): string[] {
  let db: BetterSqlite3.Database;
  try {
    db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be opened as a SQLite database: ${(error as Error).message}`);
  }
  try {
    let problems: string[];
    try {
      problems = (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check);
    } catch (error) {
      throw new BackupError(`${file} is not a sound SQLite database: ${(error as Error).message}`);
    }
    if (problems.join() !== 'ok') throw new BackupError(`${file} fails integrity_check: ${problems.slice(0, 5).join('; ')}`);
    const hasMigrations = db.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(MIGRATION_TABLE);
    if (!hasMigrations) throw new BackupError(`${file} is not a study-service database (it has no ${MIGRATION_TABLE} table).`);
    return (db.prepare(`select name from ${MIGRATION_TABLE} order by name`).all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

/** A backup made by a newer version holds migrations this code does not know: restoring it would run old code on a newer schema. */
function refuseNewerSchema(file: string, applied: string[]): void {
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    throw new BackupError(`${file} was made by a newer version of study-service (migration ${unknown.join(', ')}); upgrade first.`);
  }
}

/** A copy takes its source's WAL mode; a backup is one self-contained file, whatever opens it. */
function singleFile(file: string): void {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

/** A consistent copy of a live SQLite database (other processes may write meanwhile), verified before it takes its name. */
export async function backupSqlite(databaseUrl: string, file: string): Promise<BackupReport> {
  const source = sqlitePathOf(databaseUrl);
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} to back up.`);
  refuseExisting(file);
  const started = Date.now();
  const partial = partialOf(file);
  rmSync(partial, { force: true });
  const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(partial, { progress: () => ALL_PAGES });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new BackupError(`The backup of ${source} failed: ${(error as Error).message}`);
  } finally {
    db.close();
  }
  try {
    singleFile(partial);
    verifySqlite(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return { bytes: statSync(file).size, ms: Date.now() - started, verified: 'integrity_check ok' };
}

/**
 * True when another connection has the database open (a server, or a CLI command): in WAL mode
 * every open connection keeps a shared lock, so an exclusive lock is refused at once.
 */
function sqliteInUse(path: string): boolean {
  const db = new BetterSqlite3(path, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('begin exclusive');
    db.exec('commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true;
    throw error;
  } finally {
    // The last connection to close folds the WAL into the file and removes it.
    db.close();
  }
}

export interface RestoreReport extends BackupReport {
  /** Where the database that was replaced was kept; null when there was none. */
  keptAs: string | null;
}

/** Replaces a stopped installation's SQLite database with a verified backup; the replaced file is kept beside it. */
export async function restoreSqlite(databaseUrl: string, file: string, now: Date): Promise<RestoreReport> {
  const started = Date.now();
  const target = sqlitePathOf(databaseUrl);
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  refuseNewerSchema(file, verifySqlite(file));
  if (existsSync(target) && sqliteInUse(target)) {
    throw new BackupError(
      `The database ${target} is in use by another process (is the server running?). Stop the server, then run restore again.`,
    );
  }
  mkdirSync(dirname(target), { recursive: true });
  const partial = partialOf(target);
  copyFileSync(file, partial);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    keptAs = `${target}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
    renameSync(target, keptAs);
  }
  // What is left of the replaced database's WAL would be read as the restored file's.
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  renameSync(partial, target);
  return { bytes: statSync(target).size, ms: Date.now() - started, verified: 'integrity_check ok', keptAs };
}

/** The path of a PostgreSQL client program, or an explanation of how to get it. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this folder
    }
  }
  throw new BackupError(
    `${name} was not found on PATH. PostgreSQL backups use pg_dump and pg_restore from the PostgreSQL ` +
      `client tools (Debian: apt-get install postgresql-client, of the server's major version or newer).`,
  );
}

async function runTool(tool: string, args: string[], what: string): Promise<string> {
  try {
    return (await run(tool, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new BackupError(`${what} failed: ${stderr || (error as Error).message}`);
  }
}

/** Checks that a file is a pg_dump custom-format archive of a study-service database that pg_restore can read. */
async function verifyPgArchive(file: string): Promise<void> {
  const list = await runTool(pgTool('pg_restore'), ['--list', file], `Reading ${file} as a pg_dump archive`);
  if (!list.includes(` ${MIGRATION_TABLE} `)) {
    throw new BackupError(`${file} is not a backup of a study-service database (it has no ${MIGRATION_TABLE} table).`);
  }
}

/** The migrations a pg_dump archive records as applied: the rows of its migration table, read as COPY text. */
async function pgArchiveMigrations(pgRestore: string, file: string): Promise<string[]> {
  const data = await runTool(pgRestore, ['--data-only', `--table=${MIGRATION_TABLE}`, '--file=-', file], `Reading ${file}`);
  const rows = data.split('\n');
  const start = rows.findIndex((line) => line.startsWith('COPY ') && line.includes(MIGRATION_TABLE));
  if (start < 0) return [];
  const end = rows.indexOf('\\.', start);
  return rows.slice(start + 1, end < 0 ? undefined : end).map((line) => line.split('\t')[0]!);
}

/** pg_dump -Fc: a consistent snapshot of the live database (one repeatable-read transaction), checked with pg_restore --list. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupReport> {
  const pgDump = pgTool('pg_dump');
  pgTool('pg_restore');
  refuseExisting(file);
  const started = Date.now();
  const partial = partialOf(file);
  rmSync(partial, { force: true });
  try {
    await runTool(
      pgDump,
      ['--format=custom', `--file=${partial}`, `--dbname=${databaseUrl}`],
      `pg_dump of ${describeDatabaseUrl(databaseUrl)}`,
    );
    await verifyPgArchive(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, file);
  return { bytes: statSync(file).size, ms: Date.now() - started, verified: 'pg_restore --list ok' };
}

/** Other sessions on the database: a server (or a CLI command) still connected. */
async function otherPgSessions(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database at ${describeDatabaseUrl(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    const result = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into a stopped installation: the backup's objects replace the database's (--clean) in
 * one transaction, so a failure leaves the database as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<RestoreReport> {
  const pgRestore = pgTool('pg_restore');
  if (!existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  const started = Date.now();
  await verifyPgArchive(file);
  refuseNewerSchema(file, await pgArchiveMigrations(pgRestore, file));
  const others = await otherPgSessions(databaseUrl);
  if (others > 0) {
    throw new BackupError(
      `The database ${describeDatabaseUrl(databaseUrl)} has ${others} other connection(s) (is the server running?). ` +
        'Stop the server, then run restore again.',
    );
  }
  await runTool(
    pgRestore,
    ['--clean', '--if-exists', '--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${databaseUrl}`, file],
    `pg_restore into ${describeDatabaseUrl(databaseUrl)}`,
  );
  return { bytes: statSync(file).size, ms: Date.now() - started, verified: 'pg_restore --list ok', keptAs: null };
}
