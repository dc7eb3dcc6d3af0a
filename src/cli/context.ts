import { loadConfig, type Config } from '../config/index.js';
import { connect, type Db } from '../db/connect.js';
import { DatabaseUnreachable, describeDatabaseUrl, pingDatabase } from '../db/reachability.js';
import { migrateToLatest } from '../db/migrator.js';
import type { Deps } from '../services/deps.js';
import { systemClock } from '../shared/clock.js';

/** Output channels of a command, injectable so tests can read what a command printed. */
export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** A usage mistake: the router prints the usage and exits 2. */
export class UsageError extends Error {}

/** How long a command waits for the database's first answer before saying it cannot be reached. */
const REACH_TIMEOUT_MS = 10_000;

/** The first contact with the database: an unreachable one is reported as such, not as a failed migration. */
export async function requireReachable(db: Db, databaseUrl: string): Promise<void> {
  try {
    await pingDatabase(db, REACH_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    throw new DatabaseUnreachable(`Cannot reach the database at ${describeDatabaseUrl(databaseUrl)}: ${error.message}`);
  }
}

/** Opens the configured database, brings its schema up to date, and hands the command its deps. */
export async function withDeps<T>(work: (deps: Deps, applied: string[]) => Promise<T>, config: Config = loadConfig()): Promise<T> {
  const db = connect(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  try {
    await requireReachable(db, config.databaseUrl);
    const applied = await migrateToLatest(db);
    return await work({ db, clock: systemClock, config }, applied);
  } finally {
    await db.close();
  }
}
