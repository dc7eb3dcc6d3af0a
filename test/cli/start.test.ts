import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRICULUM_TEMPLATE_PATH } from '../../src/cli/curriculum-template.js';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * First start, as `npm start` does it (SQLite): copy the build's prepared database (or, unbuilt,
 * migrate and load the bundled content), create the demo
 * account and print its token once, serve. A second start on the same database prints no token.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// Generous: a loaded CI machine may take many seconds to load the curriculum; this bounds a hang, it times nothing.
const START_TIMEOUT_MS = 60_000;

describe('First start (npm start, SQLite)', () => {
  let dir: string;
  let env: Record<string, string>;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'study-start-'));
    const port = await freePort();
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'data', 'study.db')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}/api/v1`,
      LOG_LEVEL: 'error',
    };
  });

  afterAll(async () => {
    await stopServerProcess(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the content, prints the demo token once, serves it, and prints no token on the next start', async () => {
    running = await startServerProcess(env, { timeoutMs: START_TIMEOUT_MS });
    const first = running.lines;
    const announced = first.indexOf('Created the "demo" account. Its API token (shown once, keep it):');
    expect(announced, first.join('\n')).toBeGreaterThanOrEqual(0);
    const token = first[announced + 1]!;
    expect(token).toMatch(UUID);
    if (existsSync(CURRICULUM_TEMPLATE_PATH)) {
      // A built checkout (npm ci): the database is a copy of the one the build prepared.
      expect(first[0]).toMatch(/^Loaded the bundled curriculum from .+curriculum\.sqlite, the database the build prepared, in \d+ ms\.$/);
    } else {
      expect(first.some((line) => /^Loaded \d+ subjects from .+ in \d+ ms\.$/.test(line))).toBe(true);
      expect(first.some((line) => line.startsWith('Applied migration '))).toBe(true);
    }
    expect(first.at(-1)).toBe(`Serving ${env.PUBLIC_BASE_URL}`);

    const base = `http://127.0.0.1:${env.PORT}/api/v1`;
    const user = await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
    expect(user.headers.get('compat-revision')).toBe('20170710');
    const body = (await user.json()) as { data: { username: string; level: number } };
    expect(body.data).toMatchObject({ username: 'demo', level: 1 });
    expect((await fetch(`${base}/user`)).status).toBe(401);
    const subjects = (await (await fetch(`${base}/subjects`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      total_count: number;
    };
    expect(subjects.total_count).toBeGreaterThan(0);

    expect(await stopServerProcess(running)).toBe(0);

    running = await startServerProcess(env, { timeoutMs: START_TIMEOUT_MS });
    const second = running.lines;
    expect(second).toEqual([`Serving ${env.PUBLIC_BASE_URL}`]);
    expect(second.some((line) => UUID.test(line))).toBe(false);
    expect((await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await stopServerProcess(running)).toBe(0);
    running = undefined;
  }, 180_000);
});
