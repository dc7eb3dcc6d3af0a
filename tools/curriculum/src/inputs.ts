// Obtains the pinned inputs into .content-cache/ and verifies their checksums.
// Fetching goes through the ordinary package clients (apt-get, npm), so the
// build needs no network access of its own and no extra npm dependencies.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { DebInput, Input } from './manifest.js';

export class BuildInputError extends Error {
  override name = 'BuildInputError';
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

function fetchInput(input: Input, dir: string): void {
  const [cmd, args] =
    input.kind === 'deb'
      ? (['apt-get', ['download', `${input.name}=${input.version}`]] as const)
      : (['npm', ['pack', `${input.name}@${input.version}`, '--pack-destination', dir, '--silent']] as const);
  try {
    execFileSync(cmd, [...args], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const detail = err instanceof Error ? err.message.split('\n').slice(0, 3).join(' ') : String(err);
    const hint =
      input.kind === 'deb'
        ? `Run 'apt-get update' first, or place ${input.file} in ${dir} by hand.`
        : `Check that the npm registry is reachable, or place ${input.file} in ${dir} by hand.`;
    throw new BuildInputError(`Could not fetch ${input.name} ${input.version} with '${cmd} ${args.join(' ')}': ${detail}. ${hint}`);
  }
}

/** Ensures the pinned package file is in the cache with the pinned checksum; returns its path. */
export async function ensureInput(input: Input, cacheDir: string, offline: boolean): Promise<string> {
  const dir = join(cacheDir, 'downloads');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, input.file);
  if (!existsSync(path)) {
    if (offline)
      throw new BuildInputError(`Missing input ${input.file} in ${dir} (offline mode). Run without --offline or put the file there.`);
    process.stderr.write(`fetching ${input.name} ${input.version}\n`);
    fetchInput(input, dir);
    if (!existsSync(path)) throw new BuildInputError(`Fetching ${input.name} ${input.version} did not produce ${path}.`);
  }
  const actual = await sha256File(path);
  if (actual !== input.sha256) {
    throw new BuildInputError(
      `Checksum mismatch for ${path}: expected sha256 ${input.sha256}, got ${actual}. ` +
        'Delete the file to fetch it again; if the registry now serves different bytes, review the new version and update src/content/build/manifest.ts.',
    );
  }
  return path;
}

/** Extracts a verified .deb and returns the directory its members live under. */
export async function extractDeb(input: DebInput, debPath: string, cacheDir: string): Promise<string> {
  const dir = join(cacheDir, 'extract', `${input.name}_${input.version}`);
  const membersOk = async (): Promise<boolean> => {
    for (const [member, sum] of Object.entries(input.members)) {
      const p = join(dir, member);
      if (!existsSync(p) || (await sha256File(p)) !== sum) return false;
    }
    return true;
  };
  if (await membersOk()) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('dpkg-deb', ['-x', debPath, dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (!(await membersOk())) {
    throw new BuildInputError(`${input.file} extracted, but its members do not match the pinned checksums in manifest.ts.`);
  }
  return dir;
}
