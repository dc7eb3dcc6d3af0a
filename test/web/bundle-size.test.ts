import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';

/** The budget for the first page: its JS and CSS together, gzipped. */
const FIRST_PAGE_BUDGET_BYTES = 150 * 1024;
const DIST = join('web', 'dist');

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** Every file a chunk loads before it runs: itself, its static imports (recursively) and their CSS. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

it('keeps the first page (shell plus the home or sign-in screen) under 150 KB of JS and CSS gzipped', () => {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  // The shell, and both screens a first visit can open: home (signed in) and sign-in.
  for (const key of ['index.html', 'src/screens/Home.tsx', 'src/screens/SignIn.tsx']) {
    expect(manifest[key], key).toBeDefined();
    for (const file of closure(manifest, key)) files.add(file);
  }
  const bytes = [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length, 0);
  expect([...files].some((f) => f.endsWith('.css'))).toBe(true);
  expect(bytes).toBeLessThan(FIRST_PAGE_BUDGET_BYTES);
});
