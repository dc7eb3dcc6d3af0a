import { loadConfig, type Config } from '../config/index.js';
import { connect } from '../db/connect.js';
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

/** Opens the configured database, brings its schema up to date, and hands the command its deps. */
export async function withDeps<T>(work: (deps: Deps, applied: string[]) => Promise<T>, config: Config = loadConfig()): Promise<T> {
  const db = connect(config.databaseUrl, { sqliteSynchronous: config.sqliteSynchronous });
  try {
    const applied = await migrateToLatest(db);
    return await work({ db, clock: systemClock, config }, applied);
  } finally {
    await db.close();
  }
}
