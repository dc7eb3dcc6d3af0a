import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';

/**
 * The deployment files say what the code does: `.env.example` lists exactly the settings the
 * configuration module reads, each with its true default; the Dockerfile builds and starts with the
 * README's own commands, as a non-root user, checked by /healthz; compose.yaml runs it with
 * PostgreSQL on a named volume. (No container daemon runs here: the files are checked, not run.)
 */
const read = (path: string) => readFileSync(path, 'utf8');

/** The names of every environment variable loadConfig reads. */
function settingsRead(): Set<string> {
  const names = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get: (_target, key) => {
      if (typeof key === 'string') names.add(key);
      return undefined;
    },
  });
  loadConfig(env);
  return names;
}

/** `# NAME=value` and `NAME=value` lines of .env.example. */
function exampleSettings(): Map<string, string> {
  const settings = new Map<string, string>();
  for (const line of read('.env.example').split('\n')) {
    const match = /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) settings.set(match[1]!, match[2]!);
  }
  return settings;
}

describe('.env.example', () => {
  it('lists every setting the configuration reads, and nothing else', () => {
    expect([...exampleSettings().keys()].sort()).toEqual([...settingsRead()].sort());
  });

  it("gives each setting's default: the values as written configure exactly what no setting does", () => {
    const env = Object.fromEntries(exampleSettings());
    expect({ ...loadConfig(env), publicBaseUrlSet: false }).toEqual(loadConfig({}));
  });
});

describe('README', () => {
  it('documents every setting in its Configuration table', () => {
    const table = read('README.md').split('## Configuration')[1]!.split('\n## ')[0]!;
    const documented = new Set(
      [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!)),
    );
    expect([...settingsRead()].filter((name) => !documented.has(name))).toEqual([]);
  });
});

describe('container files', () => {
  const dockerfile = read('Dockerfile');
  const readme = read('README.md');

  it('Dockerfile: multi-stage, the README commands (npm ci, npm start), a non-root user, a HEALTHCHECK on /healthz', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^FROM \S+ AS build$/m);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toMatch(/^CMD \["npm", "start"\]$/m);
    expect(readme).toContain('npm ci && npm start');
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile.indexOf('USER node')).toBeLessThan(dockerfile.indexOf('CMD'));
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n? *CMD .*\/healthz/m);
    expect(dockerfile).toMatch(/^ENV .*HOST=0\.0\.0\.0/m);
  });

  it('.dockerignore keeps installs, builds, databases and secrets out of the image', () => {
    expect(existsSync('.dockerignore')).toBe(true);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'dist', 'web/dist', 'data', '*.db', '.env']) expect(ignored).toContain(entry);
  });

  it('compose.yaml runs the server with PostgreSQL and a named volume', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/^ {2}server:\n {4}build: \.$/m);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\/study:study@db:5432\/study/);
    expect(compose).toMatch(/^ {2}db:\n(?: {4}#.*\n)? {4}image: postgres:\d+$/m);
    expect(compose).toMatch(/- pgdata:\/var\/lib\/postgresql\/data/);
    expect(compose).toMatch(/^volumes:\n {2}pgdata:\n {2}backups:$/m);
  });
});
