import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time of the files under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

/**
 * vitest global setup: the browser suites drive the built app, so build it (once, before any
 * suite) when web/dist is missing or older than its sources. `npm ci` has normally built it.
 */
export default function setup(): void {
  const built = join('web', 'dist', 'index.html');
  const sources = Math.max(newest(join('web', 'src')), newest(join('client', 'src')), statSync(join('web', 'index.html')).mtimeMs);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  execFileSync('npm', ['run', 'build:web'], { stdio: 'inherit' });
}
