import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../config/index.js';
import { connect } from '../db/connect.js';
import { migrateToLatest } from '../db/migrator.js';
import { systemClock } from '../shared/clock.js';
import { bundledContentPath } from './bundled-content.js';
import { CURRICULUM_TEMPLATE_PATH, syncFile } from './curriculum-template.js';
import { prepareBundledContent } from './serve.js';

const SILENT = { out: () => {}, err: () => {} };

/**
 * Builds the first start's database (curriculum-template.ts) at `path`: migrated, the bundled
 * curriculum loaded, no account. Replaces an earlier one only once the new one is complete.
 */
export async function buildCurriculumTemplate(
  path: string = CURRICULUM_TEMPLATE_PATH,
  contentPath: string = bundledContentPath(),
): Promise<void> {
  const building = `${path}.building`;
  removeDatabaseFiles(building);
  mkdirSync(dirname(path), { recursive: true });
  const config = loadConfig({ DATABASE_URL: `sqlite:${building}`, CREATE_DEMO_ACCOUNT: 'false' });
  const db = connect(config.databaseUrl, { sqliteSynchronous: 'normal' });
  try {
    await migrateToLatest(db);
    await prepareBundledContent({ db, clock: systemClock, config }, SILENT, contentPath);
    // Everything into the main file, so that the file alone is the whole database.
    await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
  } finally {
    await db.close();
  }
  syncFile(building);
  renameSync(building, path);
  // Closing the last connection removes the (emptied) log; one left behind would only mislead.
  removeDatabaseFiles(building);
}

function removeDatabaseFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}
