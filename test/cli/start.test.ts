import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * First start, as `npm start` does it (SQLite): migrate, load the bundled content, create the demo
 * account and print its token once, serve. A second start on the same database prints no token.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// Generous: a loaded CI machine may take many seconds to load the curriculum; this bounds a hang, it times nothing.
const START_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Server {
  child: ChildProcess;
  /** What the server printed for people: its JSON log lines (also on stdout) left out. */
  lines: string[];
  exited: Promise<number | null>;
}

/** Starts `tsx src/main.ts serve` in its own process group and waits for "Serving ...". */
async function start(env: Record<string, string>): Promise<Server> {
  const child = spawn('node_modules/.bin/tsx', ['src/main.ts', 'serve'], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in time; stdout: ${lines.join('\n')}; stderr: ${stderr}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      lines.push(...parts.filter((line) => !line.startsWith('{')));
      if (parts.some((line) => line.startsWith('Serving '))) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}; stdout: ${lines.join('\n')}; stderr: ${stderr}`));
    });
  });
  return { child, lines, exited };
}

/**
 * SIGTERM to the process this test started, as `kill <pid>` would: tsx relays it once to its node
 * child, which shuts down and exits 0. (Signalling the whole group would deliver it twice, and a
 * second signal during shutdown means "force quit".) If it has not exited in time, the group it
 * leads is killed so no server outlives the test.
 */
async function stop(server: Server | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null || server.child.pid === undefined) return server?.child.exitCode ?? null;
  const pid = server.child.pid;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 10_000);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

describe('First start (npm start, SQLite)', () => {
  let dir: string;
  let env: Record<string, string>;
  let running: Server | undefined;

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
    await stop(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads the content, prints the demo token once, serves it, and prints no token on the next start', async () => {
    running = await start(env);
    const first = running.lines;
    const announced = first.indexOf('Created the "demo" account. Its API token (shown once, keep it):');
    expect(announced, first.join('\n')).toBeGreaterThanOrEqual(0);
    const token = first[announced + 1]!;
    expect(token).toMatch(UUID);
    expect(first.some((line) => /^Loaded \d+ subjects from .+ in \d+ ms\.$/.test(line))).toBe(true);
    expect(first.some((line) => line.startsWith('Applied migration '))).toBe(true);
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

    expect(await stop(running)).toBe(0);

    running = await start(env);
    const second = running.lines;
    expect(second).toEqual([`Serving ${env.PUBLIC_BASE_URL}`]);
    expect(second.some((line) => UUID.test(line))).toBe(false);
    expect((await fetch(`${base}/user`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect(await stop(running)).toBe(0);
    running = undefined;
  }, 180_000);
});
