import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, load1, machine } from './lib/harness.js';

/**
 * Start time and memory of the server as `npm start` runs it (BENCH_START_COMMAND overrides, e.g.
 * the compiled `node dist/main.js serve`): a first start on a fresh SQLite database (migrations,
 * the bundled curriculum, the demo account), then a start on that existing database, each timed
 * from spawn until GET /api/v1/user answers with the demo token; RSS idle, and after 10 s of full
 * subject syncs at 8 connections.
 */
const COMMAND = (process.env.BENCH_START_COMMAND ?? 'node --import tsx src/main.ts serve').split(' ');
const PORT = 39_000 + Math.floor(Math.random() * 1000);
const DATABASE = join(tmpdir(), `study-start-${process.pid}.db`);

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(): Promise<{ child: ChildProcess; ms: number; output: () => string }> {
  const started = performance.now();
  const child = spawn(COMMAND[0]!, COMMAND.slice(1), {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${DATABASE}`,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://127.0.0.1:${PORT}/api/v1`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${text}`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/about`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { child, ms: Math.round(performance.now() - started), output: () => text };
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

console.log(`Machine: ${machine()}; command: ${COMMAND.join(' ')}`);
const first = await startServer();
const token = /keep it\):\s*\n(\S+)/.exec(first.output())?.[1];
// The server's own line on how it loaded the curriculum (copied from the build's database, or loaded
// from the bundle), so a slow first start says which.
const curriculumLine =
  first
    .output()
    .split('\n')
    .find((line) => line.startsWith('Loaded')) ?? 'no curriculum line';
// bin/start.js compiles the server first when a source is newer than dist/ (an edit after the build):
// seconds of tsc that are not a start's, so the row says so.
const compiledFirst = first.output().includes('Compiling the server') ? ' | COMPILED FIRST: a source is newer than dist/' : '';
console.log(
  `| first start, fresh database (curriculum loaded) | ${first.ms} ms to GET /about | RSS ${rssMb(first.child)} MB | ${curriculumLine}${compiledFirst} | load ${load1()} |`,
);
await stop(first.child);

const second = await startServer();
const headers = token ? { authorization: `Bearer ${token}` } : undefined;
const user = headers ? await fetch(`http://127.0.0.1:${PORT}/api/v1/user`, { headers }) : null;
await new Promise((resolve) => setTimeout(resolve, 2000));
console.log(
  `| start on the existing database | ${second.ms} ms to GET /about (GET /user ${user?.status ?? 'no token found'}) | RSS ${rssMb(second.child)} MB idle | load ${load1()} |`,
);
if (headers) {
  const paths: string[] = [];
  for (let next: string | null = '/api/v1/subjects'; next !== null;) {
    paths.push(next);
    const page = (await (await fetch(`http://127.0.0.1:${PORT}${next}`, { headers })).json()) as { pages: { next_url: string | null } };
    next = page.pages.next_url === null ? null : new URL(page.pages.next_url).pathname + new URL(page.pages.next_url).search;
  }
  for (const coding of ['identity', 'gzip', 'br']) {
    await load({
      url: `http://127.0.0.1:${PORT}`,
      connections: 8,
      duration: 4,
      headers: { ...headers, 'accept-encoding': coding },
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
  }
  await load({ url: `http://127.0.0.1:${PORT}/api/v1/dashboard`, connections: 8, duration: 3, headers });
  console.log(
    `| after 12 s of full subject syncs (plain, gzip, brotli) and 3 s of dashboards at c=8 | RSS ${rssMb(second.child)} MB | load ${load1()} |`,
  );
}
await stop(second.child);
for (const ext of ['', '-wal', '-shm']) rmSync(`${DATABASE}${ext}`, { force: true });
