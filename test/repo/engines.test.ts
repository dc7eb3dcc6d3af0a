import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js versions package.json declares are true: every package in the lockfile (installed or
 * optional for another platform) accepts every one of them, so `npm ci` never warns EBADENGINE on
 * a declared version. See docs/decisions.md, "Node versions".
 */
interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
const declared = manifest.engines.node;

describe('engines.node', () => {
  it('is a valid range that the running Node.js satisfies', () => {
    expect(semver.validRange(declared)).not.toBeNull();
    expect(semver.satisfies(process.version, declared)).toBe(true);
  });

  it("lies within every locked package's engines.node", () => {
    const narrower = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range === undefined || semver.subset(declared, range) ? [] : [`${path}@${entry.version}: ${range}`];
      });
    expect(narrower).toEqual([]);
    // The check bites: a package wanting Node 22 would be reported.
    expect(semver.subset(declared, '>=22')).toBe(false);
  });
});
