import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { loadConfig, type DatabaseEngine, type SqliteSynchronous } from '../../src/config/index.js';
import { connect } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import type { Deps } from '../../src/services/deps.js';
import { systemClock, type Clock } from '../../src/shared/clock.js';

/**
 * Benchmark harness: a real server on loopback over a fresh database per engine, and autocannon as
 * the load. PostgreSQL runs when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
 */
export const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export function benchEngines(): DatabaseEngine[] {
  const wanted = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',') as DatabaseEngine[];
  return wanted.filter((e) => e === 'sqlite' || (e === 'postgres' && PG_URL !== undefined));
}

export interface BenchServer {
  deps: Deps;
  app: FastifyInstance;
  url: string;
  /** The PostgreSQL schema of its database (null on SQLite), for a server in another process on it. */
  pgSchema: string | null;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** SQLite's commit durability (the server's SQLITE_SYNCHRONOUS); default BENCH_SQLITE_SYNCHRONOUS or `full`, as served. */
  sqliteSynchronous?: SqliteSynchronous;
}

/** A migrated, empty database and a listening server; `clock` lets a scenario fix "now". */
export async function startBenchServer(
  engine: DatabaseEngine,
  clock: Clock = systemClock,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const sqliteSynchronous =
    options.sqliteSynchronous ?? loadConfig({ SQLITE_SYNCHRONOUS: process.env.BENCH_SQLITE_SYNCHRONOUS }).sqliteSynchronous;
  const suffix = randomBytes(5).toString('hex');
  const sqlitePath = join(tmpdir(), `study-bench-${suffix}.db`);
  const schema = `bench_${suffix}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
  }
  const databaseUrl = engine === 'sqlite' ? `sqlite:${sqlitePath}` : (PG_URL as string);
  const db = connect(databaseUrl, engine === 'postgres' ? { pgSchema: schema, pgPoolSize: 16 } : { sqliteSynchronous });
  await migrateToLatest(db);
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://127.0.0.1/api/v1',
    SQLITE_SYNCHRONOUS: sqliteSynchronous,
    // `HISTORY_MEMO_LEARNERS=0 npx tsx bench/...` measures the dashboard without its memo, and
    // `LEARNER_PAGE_CACHE_MB=0` the learner's pages and GET /item_spread built on every request
    // (with `LEARNER_ROW_CACHE_MB=0`, every row of them written afresh too).
    HISTORY_MEMO_LEARNERS: process.env.HISTORY_MEMO_LEARNERS,
    LEARNER_PAGE_CACHE_MB: process.env.LEARNER_PAGE_CACHE_MB,
    LEARNER_ROW_CACHE_MB: process.env.LEARNER_ROW_CACHE_MB,
    // `STORED_PAGES_MB=0`: no learner's page stored in the database (docs/decisions.md, "Stored pages").
    STORED_PAGES_MB: process.env.STORED_PAGES_MB,
  });
  const deps: Deps = { db, clock, config };
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return {
    deps,
    app,
    url: `http://127.0.0.1:${address.port}`,
    pgSchema: engine === 'postgres' ? schema : null,
    close: async () => {
      await app.close();
      await db.close();
      if (engine === 'sqlite') for (const ext of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${ext}`, { force: true });
      else {
        const admin = new pg.Client({ connectionString: PG_URL });
        await admin.connect();
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      }
    },
  };
}

/**
 * A second server on the same database with some settings changed (e.g. `LEARNER_PAGE_CACHE_MB=0`),
 * so a scenario can compare both on data it built once.
 */
export async function startSiblingServer(
  server: BenchServer,
  overrides: Record<string, string>,
): Promise<{ app: FastifyInstance; url: string; close(): Promise<void> }> {
  const config = loadConfig({
    DATABASE_URL: server.deps.config.databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: server.deps.config.publicBaseUrl,
    SQLITE_SYNCHRONOUS: server.deps.config.sqliteSynchronous,
    ...overrides,
  });
  const app = await buildApp({ ...server.deps, config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

/**
 * The Node flags `npm start` runs the server with (package.json's start script, e.g. V8's heap
 * sizes): a server in a process of its own stands for a real one restarted, so it runs with them.
 */
export function startScriptNodeFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } };
  const flags = /\bnode((?: --[\w-]+(?:=\S+)?)*) bin\/start\.js/.exec(scripts.start)?.[1];
  if (flags === undefined) throw new Error(`no node command in the start script: ${scripts.start}`);
  return flags.split(' ').filter((flag) => flag !== '');
}

/** A server in a child process (`startServerElsewhere`). */
export interface ServerElsewhere {
  url: string;
  /** The child process's CPU so far (user and system, every thread), ms. */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A server on the same database as `server` with some settings changed, in a process of its own
 * (server-process.ts): another instance, with its own connections and event loop. A sibling in this
 * process (`startSiblingServer`) shares the bench server's event loop and its database handles, so
 * the work the bench server leaves after its responses (pages stored, group commits, checkpoints)
 * runs inside the sibling's timings and its reads wait behind it. It runs with the Node flags of
 * `npm start` (startScriptNodeFlags): V8's heap sizes decide how often a process serving 200 KB
 * pages collects its old generation (bench/README.md, fifteenth pass, "PostgreSQL after a write").
 */
export async function startServerElsewhere(server: BenchServer, overrides: Record<string, string>): Promise<ServerElsewhere> {
  const child = fork(fileURLToPath(new URL('./server-process.ts', import.meta.url)), {
    execArgv: [...process.execArgv, ...startScriptNodeFlags()],
  });
  const next = <T>() => once(child, 'message').then(([message]) => message as T);
  const started = next<{ url: string }>();
  child.send({
    env: {
      DATABASE_URL: server.deps.config.databaseUrl,
      PUBLIC_BASE_URL: server.deps.config.publicBaseUrl,
      SQLITE_SYNCHRONOUS: server.deps.config.sqliteSynchronous,
      ...overrides,
    },
    pgSchema: server.pgSchema,
    now: server.deps.clock instanceof SettableClock ? server.deps.clock.now() : null,
  });
  const { url } = await started;
  return {
    url,
    cpuMs: async () => {
      const answer = next<{ cpuMs: number }>();
      child.send('cpu');
      return (await answer).cpuMs;
    },
    close: async () => {
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers that were not 2xx, by status: `{ "503": 4 }`. */
  refusals: Record<string, number>;
  /** CPU the load generator used over the load (user and system), when it ran in a process of its own. */
  generatorCpuMs?: number;
}

/** Runs autocannon and keeps the figures the README reports. */
export async function load(options: autocannon.Options): Promise<LoadResult> {
  return summarise(await autocannon({ ...options }));
}

/** A load whose requests take the given headers and bodies in turn, round robin. */
export interface RotatingLoad {
  url: string;
  method: 'GET' | 'POST';
  connections: number;
  duration: number;
  variants: { headers: Record<string, string>; body?: string }[];
}

/**
 * Runs the load in a child process (load-process.mjs: a closed-loop client, one request in flight
 * per connection, each request's bytes built before the load): the generator's own work (sending,
 * parsing and timing requests on many connections) no longer takes turns on the server's event
 * loop, as a real client's would not. It still shares the machine's cores; its CPU over the load is
 * in the result.
 */
export async function loadElsewhere(spec: RotatingLoad): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-process.mjs', import.meta.url)), { execArgv: [] });
  const answered = once(child, 'message') as Promise<[LoadResult]>;
  child.send(spec);
  const [result] = await answered;
  return result;
}

function summarise(result: autocannon.Result): LoadResult {
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    refusals: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {})
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => [status, count ?? 0]),
    ),
  };
}

export function machine(): string {
  return `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}`;
}

const CLOCK_TICK_MS = 10;

/**
 * User plus system CPU of this process's main thread so far, in ms (clock ticks of 10 ms): its
 * event loop is the bottleneck of a review load, and process.cpuUsage() counts every thread.
 */
export function mainThreadCpuMs(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
}

/** The first line of /proc/stat: the whole machine's CPU time so far, in clock ticks, and the hypervisor's steal of it. */
function machineTicks(): { all: number; steal: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').slice(0, 200).split('\n')[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
  return { all: ticks.reduce((sum, n) => sum + n, 0), steal: ticks[7]! };
}

/** This process's main thread so far, ms: time on a core, and time runnable but waiting for one (its schedstat, ns). */
function mainThreadSchedMs(): { onCore: number; waiting: number } {
  const [onCore, waiting] = readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ').map(Number);
  return { onCore: onCore! / 1e6, waiting: waiting! / 1e6 };
}

/** Shares of a window in percent, printed beside a figure (contentionMeter). */
export interface Contention {
  steal: string;
  'main thread on a core': string;
  'waiting for one': string;
}

/**
 * What a load's figure was made under, from now until the answer is called: the share of the
 * machine's CPU time the hypervisor gave to other guests (steal), and the shares of the window the
 * main thread (the server's event loop, in the benches that serve in this process) ran on a core
 * and was ready to run but waited for one (other processes, the load generator). On this 2-core
 * machine the review load's main thread is on a core some 91% of the time when nothing else runs,
 * and has read 3,000-4,900 reviews/s at that share as the cores' speed drifted, without steal; with
 * another busy process it waits for a core 17-48% of the time and reads 1,500-3,100
 * (bench/README.md, twentieth pass).
 */
export function contentionMeter(): () => Contention {
  const started = performance.now();
  const ticks = machineTicks();
  const sched = mainThreadSchedMs();
  return () => {
    const windowMs = performance.now() - started;
    const now = machineTicks();
    const { onCore, waiting } = mainThreadSchedMs();
    const pct = (part: number, whole: number) => `${whole > 0 ? ((100 * part) / whole).toFixed(1) : '0.0'}%`;
    return {
      steal: pct(now.steal - ticks.steal, now.all - ticks.all),
      'main thread on a core': pct(onCore - sched.onCore, windowMs),
      'waiting for one': pct(waiting - sched.waiting, windowMs),
    };
  };
}

/** The 1-minute load average, printed beside each figure: the machine is shared. */
export function load1(): string {
  return loadavg()[0]!.toFixed(1);
}

/** A clock the benchmark moves: learners are built over simulated days. */
export class SettableClock implements Clock {
  #now: number;
  constructor(start: number) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  set(at: number): void {
    this.#now = at;
  }
}

/** One line per scenario and engine, ready for bench/README.md. */
export function printRow(scenario: string, engine: DatabaseEngine, figures: Record<string, string | number>): void {
  const cells = Object.entries(figures).map(([k, v]) => `${k} ${v}`);
  console.log(`| ${scenario} | ${engine} | ${cells.join(' | ')} |`);
}

/** Median milliseconds of `count` requests sent one after another on one kept-alive connection. */
export async function aloneMs(url: string, headers: Record<string, string>, count = 30): Promise<number> {
  const times: number[] = [];
  // The first requests of a route compile it (V8's JIT, its serializer, prepared statements): a
  // long-running server pays that once, so the median is taken after a warm-up.
  const warmUp = 20;
  for (let i = 0; i < count + warmUp; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    if (i >= warmUp) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)]! * 10) / 10;
}

export interface SyncFigures {
  pages: number;
  /** One client syncing alone, every page in turn: milliseconds for the whole sync. */
  aloneMs: number;
  limitAloneMs: number;
  /** 8 clients repeating the sync: pages a second. */
  pagesPerSecond: number;
  limitPagesPerSecond: number;
  ratio: number;
  /** Main-thread CPU a page at c=8, ms (the load generator's included: it shares the thread), server and limit. */
  cpuMsPerPage: number;
  limitCpuMsPerPage: number;
  p99: number;
  errors: number;
  /** Every request the server answered: its c=8 loads' and the sync alone's rounds. */
  serverRequests: number;
}

/** One row of a sync against the limit, in the columns every sync scenario reports. */
export function printSyncRow(scenario: string, engine: DatabaseEngine, figures: SyncFigures): void {
  printRow(scenario, engine, {
    pages: figures.pages,
    'alone ms': `${figures.aloneMs} (limit ${figures.limitAloneMs})`,
    'pages/s c=8': `${figures.pagesPerSecond} (limit ${figures.limitPagesPerSecond})`,
    'server/limit': figures.ratio,
    'CPU ms a page': `${figures.cpuMsPerPage} (limit ${figures.limitCpuMsPerPage})`,
    'p99 ms': figures.p99,
    errors: figures.errors,
    load: load1(),
  });
}

/** Syncs alone, one client, of which the fastest is reported. */
const ALONE_ROUNDS = 3;

/**
 * A full sync of `paths` against the server and against the bare node:http limit serving the
 * bytes captured from that server in this run, with the same client and load.
 *
 * With `turns` above 1 the load at c=8 alternates between the two, server, limit, limit, server,
 * and so on, each turn `durationS / turns` seconds (whole seconds: autocannon stops at its next
 * one-second sample), and each rate is the pages of its turns over their seconds: on a machine
 * whose load drifts during the run (shared with other work), one window of each measured in turn
 * gave ratios 0.7-1.3 for the same code (bench/README.md, "Eleventh pass"). The main thread's CPU
 * a page is reported beside the rates: it holds better than rates when the machine is loaded.
 */
export async function syncAgainstLimit(
  serverUrl: string,
  limitUrl: string,
  paths: readonly string[],
  headers: Record<string, string>,
  durationS: number,
  turns = 1,
): Promise<SyncFigures> {
  const one = async (base: string) => {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < ALONE_ROUNDS; round += 1) {
      const started = performance.now();
      for (const path of paths)
        await (
          await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': headers['accept-encoding'] ?? 'identity' } })
        ).arrayBuffer();
      best = Math.min(best, performance.now() - started);
    }
    return Math.round(best);
  };
  const many = async (base: string, seconds: number): Promise<TimedLoad> => {
    const cpuBefore = mainThreadCpuMs();
    const result = await load({
      url: base,
      connections: 8,
      duration: seconds,
      headers,
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    return { ...result, cpuMs: mainThreadCpuMs() - cpuBefore };
  };
  const aloneServer = await one(serverUrl);
  const aloneLimit = await one(limitUrl);
  if (turns <= 1) {
    const server = await many(serverUrl, durationS);
    const limit = await many(limitUrl, durationS);
    return syncFigures(paths.length, aloneServer, aloneLimit, [server], [limit], (runs) => runs[0]!.rps);
  }
  const turnSeconds = Math.max(1, Math.round(durationS / turns));
  const server: TimedLoad[] = [];
  const limit: TimedLoad[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const serverFirst = turn % 2 === 0;
    (serverFirst ? server : limit).push(await many(serverFirst ? serverUrl : limitUrl, turnSeconds));
    (serverFirst ? limit : server).push(await many(serverFirst ? limitUrl : serverUrl, turnSeconds));
  }
  const rate = (runs: TimedLoad[]) => runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);
  return syncFigures(paths.length, aloneServer, aloneLimit, server, limit, rate);
}

/** A load with the main thread's CPU over it, ms. */
interface TimedLoad extends LoadResult {
  cpuMs: number;
}

/** The figures of a sync's loads against the server and the limit, each side's rate as `rate` reads its runs. */
function syncFigures(
  pages: number,
  aloneMs: number,
  limitAloneMs: number,
  server: TimedLoad[],
  limit: TimedLoad[],
  rate: (runs: TimedLoad[]) => number,
): SyncFigures {
  const serverRate = rate(server);
  const limitRate = rate(limit);
  const failed = (runs: TimedLoad[]) => runs.reduce((sum, run) => sum + run.errors + run.non2xx, 0);
  const cpuPerPage = (runs: TimedLoad[]) =>
    Math.round((runs.reduce((sum, run) => sum + run.cpuMs, 0) / runs.reduce((sum, run) => sum + run.requests, 0)) * 100) / 100;
  return {
    pages,
    aloneMs,
    limitAloneMs,
    pagesPerSecond: Math.round(serverRate),
    limitPagesPerSecond: Math.round(limitRate),
    ratio: Math.round((serverRate / limitRate) * 100) / 100,
    cpuMsPerPage: cpuPerPage(server),
    limitCpuMsPerPage: cpuPerPage(limit),
    // The worst turn's.
    p99: Math.max(...server.map((run) => run.p99)),
    errors: failed(server) + failed(limit),
    serverRequests: pages * ALONE_ROUNDS + server.reduce((sum, run) => sum + run.requests, 0),
  };
}
