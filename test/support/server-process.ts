import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { recordContentRelease } from '../../src/services/content.js';
import type { Deps } from '../../src/services/deps.js';
import type { TestDb } from './db.js';

/**
 * Real server processes (`src/main.ts serve`, as `npm start` runs it, through tsx) for tests that
 * need more than one process on a database, or a process to kill.
 */

// Bounds a hang (a loaded machine may take many seconds to compile and start); it times nothing.
const DEFAULT_START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** What the server printed for people: its JSON log lines (also on stdout) left out. */
  lines: string[];
  exited: Promise<number | null>;
}

/**
 * Starts `node --import tsx src/main.ts serve` (the server is the spawned process itself, so a signal
 * reaches it directly) in its own process group, and waits for "Serving ...".
 */
export async function startServerProcess(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'serve'], {
    cwd: process.cwd(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      reject(new Error(`server did not start in time; stdout: ${lines.join('\n')}; stderr: ${stderr}`));
    }, options.timeoutMs ?? DEFAULT_START_TIMEOUT_MS);
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
  return { child, origin: `http://127.0.0.1:${port}`, lines, exited };
}

/**
 * SIGTERM, as `kill <pid>` would: the server shuts down and exits 0. If it has not exited in time,
 * its process group is killed so no server outlives the test.
 */
export async function stopServerProcess(server: ServerProcess | undefined): Promise<number | null> {
  if (!server || server.child.exitCode !== null || server.child.pid === undefined) return server?.child.exitCode ?? null;
  const pid = server.child.pid;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), STOP_TIMEOUT_MS);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** `kill -9`: the server gets no chance to finish anything. Resolves once it is gone. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null || server.child.pid === undefined) return;
  process.kill(-server.child.pid, 'SIGKILL');
  await server.exited;
}

/**
 * The environment a server process needs to serve a test database: its DATABASE_URL (on PostgreSQL
 * the test's private schema, as the connection's search_path), quiet logs, no demo account.
 */
export function serverEnv(testDb: TestDb, extra: Record<string, string> = {}): Record<string, string> {
  let databaseUrl = testDb.databaseUrl;
  if (testDb.pgSchema !== undefined) {
    const url = new URL(testDb.databaseUrl);
    url.searchParams.set('options', `-c search_path=${testDb.pgSchema}`);
    databaseUrl = url.toString();
  }
  return { DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', CREATE_DEMO_ACCOUNT: 'false', ...extra };
}

/** Marks a test database's content as imported, so a starting server does not load the bundled curriculum over it. */
export async function keepTestContent(deps: Deps): Promise<void> {
  await recordContentRelease(deps, { origin: 'import', sha256: null });
}

/** A JSON POST to a server process's API as a learner. */
export async function postJson(origin: string, token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${origin}/api/v1${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}
