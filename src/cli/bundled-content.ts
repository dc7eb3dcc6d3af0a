import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The open curriculum shipped with the code, loaded into an empty database on first start. */
export const BUNDLED_CONTENT_PATH = fileURLToPath(new URL('../../content/open-curriculum/subjects.jsonl.gz', import.meta.url));
/** The small levels 1-3 set, used when the full dataset is absent (a trimmed checkout). */
export const FIXTURE_CONTENT_PATH = fileURLToPath(new URL('../../content/fixtures/levels-1-3.json', import.meta.url));

export function bundledContentPath(): string {
  return existsSync(BUNDLED_CONTENT_PATH) ? BUNDLED_CONTENT_PATH : FIXTURE_CONTENT_PATH;
}

/** True when `path` names one of the files shipped with the code. */
export function isBundledContent(path: string): boolean {
  const full = resolve(path);
  return full === BUNDLED_CONTENT_PATH || full === FIXTURE_CONTENT_PATH;
}

/** sha256 of a content file: what a start compares to decide whether the shipped curriculum changed. */
export async function contentChecksum(path: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(path))
    .digest('hex');
}
