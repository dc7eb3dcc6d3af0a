import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { FastifyInstance } from 'fastify';
import { load1, startServerElsewhere, type BenchServer, type ServerElsewhere } from './harness.js';
import { capture, startLimitElsewhere, startLimitServer, type Captured } from './limit.js';

const COLLECTIONS = ['/api/v1/assignments', '/api/v1/review_statistics', '/api/v1/study_materials'];

type Get = (path: string) => Promise<void>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds of wall time and of this process's CPU for one full sync of `paths`. */
async function timedSync(get: Get, paths: readonly string[]): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const path of paths) await get(path);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

function fetchGet(base: string, headers: Record<string, string>): Get {
  return async (path) => {
    const res = await fetch(`${base}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  };
}

function injectGet(app: FastifyInstance, headers: Record<string, string>): Get {
  return async (path) => {
    const res = await app.inject({ method: 'GET', url: path, headers });
    if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
    // A turn of the event loop, as between a listening server's requests: app.inject alone never
    // leaves the microtask queue, so work a response leaves for later (a page stored, a group
    // commit) would run only after the whole sync, uncounted.
    await new Promise((resolve) => setImmediate(resolve));
  };
}

/**
 * A pause with nothing to do. On the thirteenth pass's machine the first work after the machine has
 * been idle took several times its time back to back (a page's JSON.stringify 0.22 ms back to back,
 * 0.83-1.04 ms after 60 ms of sleep; bench/README.md, "Thirteenth pass"), so a sync is timed against
 * a limit that ran in the same state: the writer's and its limit back to back, the cold server's
 * and its limit each after a pause (`settled` waits too).
 */
const PAUSE_MS = 100;
const idle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Between two reads of a process's CPU, the most it may use and still be called idle (the reads' own IPC), ms. */
const IDLE_CPU_MS = 0.3;
/** How often, and for how long at most, a process is asked whether it is idle. */
const IDLE_POLL_MS = 25;
const IDLE_WAIT_MS = 1000;
/**
 * Reads in a row that must each find the process idle: 75 ms, more than the least time between two
 * stores of a server's pages and than the quiet a store waits for after the last page pending (50
 * ms, src/http/stored-pages.ts), so one still due is not missed.
 */
const IDLE_READS = 3;

/**
 * The cold server's CPU so far, once the work its sync left for after the responses (its pages
 * stored, at most one store every 50 ms, and their commit) is done: the CPU a page counts it, and
 * the writer's syncs measured next do not share the two cores with it (a client syncs with one
 * server at a time).
 */
async function settled(cold: ServerElsewhere): Promise<number> {
  const deadline = performance.now() + IDLE_WAIT_MS;
  let last = await cold.cpuMs();
  for (let idleReads = 0; idleReads < IDLE_READS && performance.now() <= deadline;) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_POLL_MS));
    const now = await cold.cpuMs();
    idleReads = now - last < IDLE_CPU_MS ? idleReads + 1 : 0;
    last = now;
  }
  return last;
}

/** How often the database is asked whether the writer's pages are stored, ms. */
const STORED_POLL_MS = 2;
/** The longest the writer's pages are waited for, ms. */
const STORED_WAIT_MS = 5000;
/** Waits between two look-ups of the writer's pages: a turn of the event loop (this process kept busy), or a sleep. */
const BUSY = () => new Promise((resolve) => setImmediate(resolve));
const SLEEPING = () => new Promise((resolve) => setTimeout(resolve, STORED_POLL_MS));

/**
 * Once the writer (`server`, in this process) has stored every page at `addresses` under the
 * learner's current state; the CPU this process spent on its look-ups of them, ms. The writer's
 * pages are stored after its responses (src/http/stored-pages.ts, at most one store every 50 ms):
 * unawaited, a store ran inside whatever this process timed next, the kept sync, the limit's or
 * another collection's (bench/README.md, "Fourteenth pass", "The bench's short syncs after a
 * write"). Waiting `BUSY`, the sync timed next starts from a busy machine, as the one before did.
 */
async function pagesStored(
  server: BenchServer,
  userId: number,
  addresses: readonly string[],
  between: () => Promise<unknown>,
): Promise<number> {
  if (server.deps.config.storedPagesMb === 0) return 0;
  const db = server.deps.db.kysely;
  const deadline = performance.now() + STORED_WAIT_MS;
  let lookUpsMs = 0;
  for (let asked = Number.NEGATIVE_INFINITY; ; await between()) {
    if (performance.now() - asked < STORED_POLL_MS) continue;
    asked = performance.now();
    const cpu = process.cpuUsage();
    const { change_stamp: stamp } = await db.selectFrom('users').select('change_stamp').where('id', '=', userId).executeTakeFirstOrThrow();
    const stored = await db
      .selectFrom('stored_pages')
      .select('address')
      .where('user_id', '=', userId)
      .where('address', 'in', addresses)
      .where('version', 'like', `%@${stamp} %`)
      .execute();
    const used = process.cpuUsage(cpu);
    lookUpsMs += (used.user + used.system) / 1000;
    if (stored.length === new Set(addresses).size) return lookUpsMs;
    if (performance.now() > deadline) throw new Error(`the writer's pages were not stored within ${STORED_WAIT_MS} ms`);
  }
}

async function pathsOf(get: (path: string) => Promise<{ pages: { next_url: string | null } }>, first: string): Promise<string[]> {
  const paths: string[] = [];
  for (let next: string | null = first; next !== null;) {
    paths.push(next);
    const url: string | null = (await get(next)).pages.next_url;
    next = url === null ? null : `${new URL(url).pathname}${new URL(url).search}`;
  }
  return paths;
}

/**
 * The first full syncs after a learner's write (bench/collection-after-write.ts, bench/learner.ts):
 * each round `write` (through the API), then full syncs of assignments, review statistics and
 * study materials (500 a page, following `next_url`). Per collection, medians over `rounds`:
 *
 * - after a write: `server` with its defaults (learner page memo and kept row bytes on), right
 *   after its write;
 * - kept: the same sync again, once the pages the first one built are stored (`pagesStored`),
 *   nothing written in between (the page memo serves it);
 * - the limit of those two: a bare node:http server in this process, answering the captured bytes,
 *   right after them (a busy process, as theirs; on the client's thread, as `server`: a limit in
 *   a process of its own was timed with the wake-ups of two processes, bench/README.md, "Fourteenth
 *   pass", "The bench's short syncs after a write");
 * - cold: after another write, another server on the same
 *   database keeping nothing in memory (`LEARNER_PAGE_CACHE_MB=0 LEARNER_ROW_CACHE_MB=0`), in a
 *   process of its own (harness.ts, startServerElsewhere): another instance, or one just
 *   restarted, that the learner's client syncs with after writing through this one. Its pages come
 *   from the pages stored in the database under the learner's state before that write
 *   (docs/decisions.md, "Stored pages"). It syncs after a pause, and its limit, a bare node:http
 *   server in a process of its own (limit.ts, startLimitElsewhere), once the cold process is idle
 *   again (`settled`): both start from an idle machine.
 *
 * Wall time is one client fetching every page in turn (the same client for all); ratio = the
 * limit's time / the server's. The server's CPU a page: `server`'s through `app.inject` (no HTTP
 * client in the process), for after a write and kept, and apart the CPU of the pages' store after
 * their responses (the look-ups waiting for it not); the cold server's process's CPU over its HTTP
 * sync (every thread, the HTTP and the pages' store after their responses included).
 * `BENCH_PROFILE=<dir>` writes a CPU profile of in-process syncs of assignments after writes
 * (`<dir>/<engine>-after-write.cpuprofile`).
 *
 * Until the thirteenth pass the cold server was a sibling in this process (harness.ts,
 * startSiblingServer) syncing after `server`'s two syncs: it shared this process's event loop and
 * database handles with `server` and its deferred stores, and with the client and the limit
 * (bench/README.md, "A cold sync right after a write"). Then, for a while, it synced first after
 * the write, and the writer after waiting for it: the writer's syncs started from an idle machine
 * and its limit did not (bench/README.md, "Thirteenth pass", "A sync after an idle pause"). Until
 * the fourteenth the writer's pages were stored in this process while the next syncs were timed.
 */
export async function syncsAfterWrites(
  server: BenchServer,
  /** The learner syncing, and its credential's header. */
  userId: number,
  headers: Record<string, string>,
  write: () => Promise<void>,
  rounds: number,
  scenario: string,
): Promise<void> {
  const ROUNDS = rounds;
  const engine = server.deps.db.engine;
  const cold = await startServerElsewhere(server, { LEARNER_PAGE_CACHE_MB: '0', LEARNER_ROW_CACHE_MB: '0' });
  const paths = new Map<string, string[]>();
  for (const collection of COLLECTIONS) {
    paths.set(collection, await pathsOf(async (p) => (await server.app.inject({ method: 'GET', url: p, headers })).json(), collection));
  }
  const limits = new Map<string, { here: string; elsewhere: string }>();
  const closers: (() => Promise<void>)[] = [cold.close];
  for (const [collection, list] of paths) {
    const captured = new Map<string, Captured>();
    for (const p of list) captured.set(p, await capture(server.url, p, { ...headers, 'accept-encoding': 'identity' }));
    const here = await startLimitServer(captured);
    const elsewhere = await startLimitElsewhere(captured);
    limits.set(collection, { here: here.url, elsewhere: elsewhere.url });
    closers.push(here.close, elsewhere.close);
  }

  // Over HTTP, one client: wall time a page against the limit's.
  const sides = { afterWrite: fetchGet(server.url, headers), cold: fetchGet(cold.url, headers) };
  type Kind = 'afterWrite' | 'kept' | 'cold' | 'limit' | 'coldLimit';
  const wall = new Map<string, Record<Kind, number[]>>();
  for (const collection of COLLECTIONS) wall.set(collection, { afterWrite: [], kept: [], cold: [], limit: [], coldLimit: [] });
  const cpu = new Map<string, Record<'afterWrite' | 'kept' | 'cold' | 'store', number[]>>();
  for (const collection of COLLECTIONS) cpu.set(collection, { afterWrite: [], kept: [], cold: [], store: [] });
  // A first round unmeasured: each server's first requests compile its routes and statements.
  for (let round = 0; round <= ROUNDS; round += 1) {
    // The writer: its syncs right after its write, and the limit, each once the pages the writer
    // built are stored (a busy process throughout).
    await write();
    for (const collection of COLLECTIONS) {
      const list = paths.get(collection)!;
      const figures = wall.get(collection)!;
      const afterWrite = await timedSync(sides.afterWrite, list);
      await pagesStored(server, userId, list, BUSY);
      const kept = await timedSync(sides.afterWrite, list);
      const limit = await timedSync(fetchGet(limits.get(collection)!.here, {}), list);
      if (round === 0) continue;
      figures.afterWrite.push(afterWrite.ms / list.length);
      figures.kept.push(kept.ms / list.length);
      figures.limit.push(limit.ms / list.length);
    }
    // Another write (the writer's pages of this state stored, `pagesStored`): the cold server finds
    // only pages stored under the state before it. It and its limit each sync after an idle pause.
    await write();
    for (const collection of COLLECTIONS) {
      const list = paths.get(collection)!;
      const figures = wall.get(collection)!;
      await idle(PAUSE_MS);
      const coldCpu = await cold.cpuMs();
      const built = await timedSync(sides.cold, list);
      const coldCpuMs = (await settled(cold)) - coldCpu;
      const coldLimit = await timedSync(fetchGet(limits.get(collection)!.elsewhere, {}), list);
      if (round === 0) continue;
      figures.cold.push(built.ms / list.length);
      figures.coldLimit.push(coldLimit.ms / list.length);
      cpu.get(collection)!.cold.push(coldCpuMs / list.length);
    }
  }

  // In process, no HTTP client: the server's CPU a page. A write before each collection, so each
  // after-write sync starts right after one (a busy process), and its kept sync right after it;
  // then the CPU of the pages' store (50 ms after the last of them at the soonest), waited for
  // asleep, the look-ups' own CPU taken off.
  const inProcess = injectGet(server.app, headers);
  for (let round = 0; round <= ROUNDS; round += 1) {
    for (const collection of COLLECTIONS) {
      await write();
      const list = paths.get(collection)!;
      const figures = cpu.get(collection)!;
      const afterWrite = await timedSync(inProcess, list);
      const kept = await timedSync(inProcess, list);
      const storeBefore = process.cpuUsage();
      const lookUpsMs = await pagesStored(server, userId, list, SLEEPING);
      const store = process.cpuUsage(storeBefore);
      if (round === 0) continue;
      figures.afterWrite.push(afterWrite.cpuMs / list.length);
      figures.kept.push(kept.cpuMs / list.length);
      figures.store.push(((store.user + store.system) / 1000 - lookUpsMs) / list.length);
    }
  }
  if (process.env.BENCH_PROFILE !== undefined) {
    // Writes and the syncs of assignments after each (the writes are a small part of the samples).
    const profile = new Session();
    profile.connect();
    await profile.post('Profiler.enable');
    await profile.post('Profiler.setSamplingInterval', { interval: 200 });
    await profile.post('Profiler.start');
    for (let round = 0; round < ROUNDS; round += 1) {
      await write();
      await timedSync(inProcess, paths.get(COLLECTIONS[0]!)!);
      await pagesStored(server, userId, paths.get(COLLECTIONS[0]!)!, SLEEPING);
    }
    const { profile: taken } = await profile.post('Profiler.stop');
    writeFileSync(`${process.env.BENCH_PROFILE}/${engine}-after-write.cpuprofile`, JSON.stringify(taken));
    profile.disconnect();
  }
  for (const collection of COLLECTIONS) {
    const w = wall.get(collection)!;
    const c = cpu.get(collection)!;
    const cell = (kind: 'afterWrite' | 'kept' | 'cold', limit: number) =>
      `${median(w[kind]).toFixed(2)} ms, ratio ${(limit / median(w[kind])).toFixed(2)}, CPU ${median(c[kind]).toFixed(2)} ms`;
    const limit = median(w.limit);
    const coldLimit = median(w.coldLimit);
    console.log(
      `| ${collection.slice('/api/v1'.length)} (${paths.get(collection)!.length} pages), ${scenario} | ${engine} | after a write: ${cell('afterWrite', limit)}, its pages' store after it ${median(c.store).toFixed(2)} ms | kept: ${cell('kept', limit)} | limit ${limit.toFixed(2)} ms a page | cold, own process: ${cell('cold', coldLimit)} | its limit ${coldLimit.toFixed(2)} ms a page | load ${load1()} |`,
    );
  }
  for (const close of closers) await close();
}
