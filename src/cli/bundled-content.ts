import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The open curriculum shipped with the code, loaded into an empty database on first start. */
export const BUNDLED_CONTENT_PATH = fileURLToPath(new URL('../../content/open-curriculum/subjects.jsonl.gz', import.meta.url));
/** The small levels 1-3 set, used when the full dataset is absent (a trimmed checkout). */
export const FIXTURE_CONTENT_PATH = fileURLToPath(new URL('../../content/fixtures/levels-1-3.json', import.meta.url));

export function bundledContentPath(): string {
  return existsSync(BUNDLED_CONTENT_PATH) ? BUNDLED_CONTENT_PATH : FIXTURE_CONTENT_PATH;
}
