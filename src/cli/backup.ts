import { engineOf, loadConfig, type Config } from '../config/index.js';
import { backupPostgres, backupSqlite, BackupError, restorePostgres, restoreSqlite, sqlitePathOf } from '../db/backup.js';
import { describeDatabaseUrl } from '../db/reachability.js';
import type { Io } from './context.js';

const where = (config: Config) =>
  engineOf(config.databaseUrl) === 'sqlite' ? sqlitePathOf(config.databaseUrl) : describeDatabaseUrl(config.databaseUrl);
const size = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

/** Reports a refusal (exit 1) in the operator's words; anything else is a bug and propagates. */
async function explained(io: Io, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    io.err(error.message);
    return 1;
  }
}

/** `backup <file>`: a consistent, verified copy of the live database. */
export async function backupCommand(io: Io, file: string, config: Config = loadConfig()): Promise<number> {
  return explained(io, async () => {
    const report =
      engineOf(config.databaseUrl) === 'sqlite'
        ? await backupSqlite(config.databaseUrl, file)
        : await backupPostgres(config.databaseUrl, file);
    io.out(`Backed up ${where(config)} to ${file} (${size(report.bytes)}, ${report.verified}) in ${report.ms} ms.`);
    return 0;
  });
}

/** `restore <file>`: the backup replaces the database of a stopped installation; the next start migrates it. */
export async function restoreCommand(io: Io, file: string, config: Config = loadConfig()): Promise<number> {
  return explained(io, async () => {
    const report =
      engineOf(config.databaseUrl) === 'sqlite'
        ? await restoreSqlite(config.databaseUrl, file, new Date())
        : await restorePostgres(config.databaseUrl, file);
    io.out(`Restored ${file} into ${where(config)} (${report.verified}) in ${report.ms} ms.`);
    if (report.keptAs !== null) io.out(`The database it replaced is kept as ${report.keptAs}; delete it once you are satisfied.`);
    io.out('Start the server: it applies any migration the backup predates.');
    return 0;
  });
}
