import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository cites its own documents only: a rule is named by its section of
 * docs/decisions.md ("see docs/decisions.md, Level-up"), never by the number it has in a document
 * outside the repository ("R13"), which a reader of the code cannot open.
 */
const ROOTS = ['src', 'test', 'bench', 'tools', 'client', 'web', 'docs', 'README.md'];
const SKIP = new Set(['node_modules', 'dist']);
const OUTSIDE_RULE_NUMBER = /\bR(?:[1-9]|[1-9]\d)\b/;

function files(path: string): string[] {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (stat.isFile()) return /\.(ts|tsx|js|md|vue|svelte)$/.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => (SKIP.has(name) ? [] : files(join(path, name))));
}

describe('citations', () => {
  it('name sections of docs/decisions.md, never rule numbers of outside documents', () => {
    const offenders = ROOTS.flatMap(files)
      .filter((path) => !path.endsWith('citations.test.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, i) => (OUTSIDE_RULE_NUMBER.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders, 'write "see docs/decisions.md, <section>" (add the section if it is missing)').toEqual([]);
  });
});
