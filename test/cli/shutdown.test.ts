import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/server-process.js';

/**
 * Production start and graceful shutdown, as an operator meets them: `npm start` runs the compiled
 * server as npm's own child (no shell or tsx in between), so SIGTERM to npm reaches the server; a
 * request in flight is finished; a stalled client is cut off at SHUTDOWN_TIMEOUT_SECONDS.
 */
// Generous bounds on hangs (a first start loads the curriculum; a stale dist/ is compiled first); they time nothing.
const START_TIMEOUT_MS = 240_000;
const SHUTDOWN_TIMEOUT_SECONDS = 2;

interface Running {
  child: ChildProcess;
  /** Everything printed: plain lines and parsed JSON log entries. */
  lines: string[];
  logs: Record<string, unknown>[];
  exited: Promise<number | null>;
  waitFor(predicate: () => boolean, what: string): Promise<void>;
}

/** `withoutArenaSetting`: the test process's own MALLOC_ARENA_MAX is not passed on. */
function npmStart(env: Record<string, string>, withoutArenaSetting = false): Running {
  const { MALLOC_ARENA_MAX: _inherited, ...inherited } = process.env;
  const child = spawn('npm', ['start'], {
    env: { ...(withoutArenaSetting ? inherited : process.env), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const logs: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let buffered = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
      else lines.push(line);
    }
    for (const wake of waiters) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = (predicate: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${what} did not happen; stdout: ${lines.join('\n')}; stderr: ${stderr}`)),
        START_TIMEOUT_MS,
      );
      const check = () => {
        if (!predicate()) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      void exited.then(() => check());
      check();
    });
  return { child, lines, logs, exited, waitFor };
}

function killGroup(running: Running | undefined): void {
  const pid = running?.child.pid;
  if (pid !== undefined && running?.child.exitCode === null) process.kill(-pid, 'SIGKILL');
}

function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('npm start and shutdown (compiled server, SQLite)', () => {
  let dir: string;
  let port: number;
  let env: Record<string, string>;
  let running: Running | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'study-shutdown-'));
    port = await freePort();
    env = {
      DATABASE_URL: `sqlite:${join(dir, 'study.db')}`,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    };
  });

  afterAll(() => {
    killGroup(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'SIGTERM to npm finishes a request in flight, then the server exits and the port closes',
    async () => {
      running = npmStart(env);
      const server = running;
      await server.waitFor(() => server.lines.some((line) => line.startsWith('Serving ')), 'start');
      expect(server.lines).toContain(`Serving http://127.0.0.1:${port}/api/v1`);
      const token = server.lines[server.lines.indexOf('Created the "demo" account. Its API token (shown once, keep it):') + 1]!;

      // Headers and half the body are sent; the rest comes after the signal.
      const body = JSON.stringify({ user: { preferences: { lessons_batch_size: 7 } } });
      const socket = await openSocket(port);
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `PUT /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGTERM');
      await server.waitFor(
        () => server.logs.some((entry) => entry.msg === 'shutting down: no new connections; waiting for requests in flight'),
        'shutdown',
      );
      // The rest of the body, keeping the connection open until the answer: a client that closed its
      // side now would have the server end the connection (Node's httpAllowHalfOpen is off) before
      // an answer that waits for a durable commit could be written.
      socket.write(body.slice(10));
      await new Promise<void>((resolve) => {
        const check = () => answer.includes('"lessons_batch_size":7') && resolve();
        socket.on('data', check);
        check();
      });
      socket.end();
      await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(answer).toContain('"lessons_batch_size":7');

      expect(await server.exited).toBe(0);
      expect(server.logs.find((entry) => entry.msg === 'shut down: server and database closed')).toMatchObject({ forced: false });
      expect(await refused(port)).toBe(true);
    },
    START_TIMEOUT_MS + 60_000,
  );

  it(
    "the server runs with two malloc arenas unless the operator's environment says otherwise, and V8's heap sizes set",
    async () => {
      for (const [given, expected] of [
        [undefined, '2'],
        ['4', '4'],
      ] as const) {
        running = npmStart(given === undefined ? env : { ...env, MALLOC_ARENA_MAX: given }, given === undefined);
        const server = running;
        try {
          await server.waitFor(() => server.lines.some((line) => line.startsWith('Serving ')), 'start');
          // npm's one child is the server itself (the script execs env, which execs node).
          const [serverPid] = readFileSync(`/proc/${server.child.pid}/task/${server.child.pid}/children`, 'utf8').trim().split(' ');
          const environment = readFileSync(`/proc/${serverPid}/environ`, 'utf8').split('\0');
          const commandLine = readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0');
          expect(commandLine[0]).toMatch(/node$/);
          expect(environment).toContain(`MALLOC_ARENA_MAX=${expected}`);
          // V8's heap sizes are the node command's own flags (docs/decisions.md, "A first old generation of 128 MB").
          expect(commandLine.filter((arg) => /^--(max-semi-space-size|initial-old-space-size)=\d+$/.test(arg))).toHaveLength(2);
        } finally {
          // Stopped whatever the outcome: the next start takes the same port.
          killGroup(server);
          await server.exited;
        }
      }
    },
    2 * START_TIMEOUT_MS,
  );

  it(
    'a stalled client is cut off at the shutdown deadline and the process still exits 0',
    async () => {
      running = npmStart(env);
      const server = running;
      await server.waitFor(() => server.lines.some((line) => line.startsWith('Serving ')), 'start');
      const socket = await openSocket(port);
      socket.on('error', () => undefined);
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      // The request line and half the headers, then nothing.
      socket.write('GET /api/v1/user HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await closed;
      expect(server.logs.find((entry) => entry.msg === 'shutdown deadline reached: closing the connections still open')).toMatchObject({
        connections: 1,
      });
      expect(server.logs.find((entry) => entry.msg === 'shut down: server and database closed')).toMatchObject({ forced: true });
      expect(await refused(port)).toBe(true);
    },
    START_TIMEOUT_MS + 60_000,
  );
});
