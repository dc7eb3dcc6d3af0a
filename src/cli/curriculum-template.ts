import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineOf } from '../config/index.js';

/**
 * The database a first start on SQLite copies instead of loading the curriculum itself: migrated,
 * with the bundled curriculum loaded and no account, made by the build (`npm ci` runs it). Loading
 * 11,000 subjects and their 55,000 search terms takes seconds of SQLite work that is the same on
 * every machine; copying its result takes milliseconds. See docs/decisions.md, "Prepared first database".
 */
export const CURRICULUM_TEMPLATE_PATH = fileURLToPath(new URL('../../dist/curriculum.sqlite', import.meta.url));

/**
 * Creates the SQLite database of `databaseUrl` as a copy of the template, when it does not exist yet
 * and the template does; true when it did. The copy is synced before it takes the database's name,
 * and it never replaces a file (another process starting on the same path at the same moment keeps
 * its own). The usual start then runs as on any database: migrations the template lacks are applied,
 * and a template made from an older bundled curriculum is brought up to date by the usual upgrade.
 */
export function seedFromCurriculumTemplate(databaseUrl: string, template: string = CURRICULUM_TEMPLATE_PATH): boolean {
  if (engineOf(databaseUrl) !== 'sqlite') return false;
  const path = databaseUrl.slice('sqlite:'.length);
  // A write-ahead log left without its database would be replayed into the copy: leave that case to SQLite.
  if (path === ':memory:' || !existsSync(template) || existsSync(path) || existsSync(`${path}-wal`)) return false;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.seeding`;
  copyFileSync(template, partial);
  try {
    syncFile(partial);
    linkSync(partial, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  syncFile(dirname(path));
  return true;
}

export function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
