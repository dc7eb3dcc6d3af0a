// Where the compiled server lives and whether it is current with the sources (plain JavaScript:
// it runs before anything is compiled).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
/** The server and CLI as one bundled module (bin/bundle.js), built from tsc's dist/main.js. */
export const BUNDLED_MAIN = join(ROOT, 'dist', 'bundle', 'main.js');
/** What the compiled output depends on besides the sources. */
const BUILD_INPUTS = ['tsconfig.json', 'tsconfig.build.json', 'package-lock.json'];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the bundle exists and nothing in src/ (or the build's configuration) changed after it was built. */
export function compiledIsCurrent() {
  if (!existsSync(BUNDLED_MAIN)) return false;
  // An installation without its sources (a container's runtime stage) has only the compiled server.
  if (!existsSync(join(ROOT, 'src'))) return true;
  const inputs = [join(ROOT, 'src'), ...BUILD_INPUTS.map((name) => join(ROOT, name)).filter((path) => existsSync(path))];
  const newestInput = Math.max(...inputs.map(newestMtime));
  return statSync(BUNDLED_MAIN).mtimeMs >= newestInput;
}
