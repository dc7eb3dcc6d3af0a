import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import { authenticate } from '../src/services/credentials.js';
import { createReview } from '../src/services/reviews.js';
import { bareFastifyServer, bareHttpServer, BareReviews, type Listening, type ReviewBody } from './lib/bare-reviews.js';
import { load1, loadElsewhere, machine, mainThreadCpuMs, printRow, type LoadResult } from './lib/harness.js';
import { reviewRequests, seededReviewServer, STAGES_OFF_SQL } from './lib/review-load.js';

/**
 * The ceiling of POST /reviews on SQLite on this machine (c=16, 164 learners, synchronous=FULL,
 * the load generator of bench/lib/load-process.mjs and the same request bytes as
 * bench/reviews.ts), in alternating turns in one process, each server on its own copy of the same
 * seeded database:
 *
 * - `server`: the real server, as bench/reviews-sqlite-cost.ts starts it;
 * - `use case (no HTTP)`: its credential check and review use case called in this process by 16
 *   callers, on the server's database (what the route calls, without HTTP, Fastify and the hooks);
 * - `statements (no HTTP)`: the same review's statements with the same durability and group commit,
 *   and as little JavaScript as gives the same answer (lib/bare-reviews.ts), called the same way;
 * - `node:http`: those behind a bare node:http server;
 * - `fastify`: the same behind a bare Fastify 5 route (no plugin, no hook);
 * - `fastify+schemas`: that route with the real route's body schema and response serializer.
 *
 * Each turn runs one contender alone for BENCH_TURN_S seconds (a fresh load generator for those
 * over HTTP), after one warm-up turn of each; figures per turn, then medians per contender:
 * reviews/s, p99, and the CPU a review of the main thread (its event loop is the bottleneck), the
 * whole process and the load generator. The differences attribute the main thread's time a review:
 * SQLite's work and the group commit (statements), Node's HTTP (node:http less statements),
 * Fastify's routing, parsing and reply (fastify less node:http), its validation and serializer
 * (fastify+schemas less fastify), the server's own layers around the same statements (use case
 * less statements) and its hooks, plugins and presentation (server less use case, less
 * fastify+schemas less statements). The bare contenders' syncs are printed per turn.
 */
const LEARNERS = 164;
const CONNECTIONS = 16;
const TURN_S = Number(process.env.BENCH_TURN_S ?? 4);
const TURNS = Number(process.env.BENCH_TURNS ?? 6);
interface Contender {
  name: string;
  /** The review load for `seconds`: over HTTP from the load generator's process, or calls in this process. */
  load(seconds: number): Promise<LoadResult>;
  /** Between turns, outside the measured window. */
  between(): Promise<void>;
  /** After a turn: what its syncs took (bare contenders only). */
  syncs(): string;
  /** [reviews stored, assignments whose stage is not their last review's]. */
  check(): Promise<[number, number]>;
  close(): Promise<void>;
}

interface Turn {
  result: LoadResult;
  mainMs: number;
  processMs: number;
  generatorMs: number;
  load: string;
  syncs: string;
}

console.log(`Machine: ${machine()}`);
const { server, learners } = await seededReviewServer('sqlite', LEARNERS);
const variants = await reviewRequests(server, learners);
const serverPath = server.deps.config.databaseUrl.slice('sqlite:'.length);

/** The load generator's review load on `url`, as bench/reviews.ts sends it. */
const overHttp = (url: string) => (seconds: number) =>
  loadElsewhere({ url: `${url}/api/v1/reviews`, method: 'POST', connections: CONNECTIONS, duration: seconds, variants });

/** The same requests' credentials and bodies, for the contenders called in this process. */
const calls = variants.map(({ headers, body }) => ({ authorization: headers.authorization!, body: JSON.parse(body!) as ReviewBody }));

/**
 * CONNECTIONS callers in this process, each calling `review` with the next request's credential and
 * body as soon as its last call settled, for `seconds`: the review without HTTP.
 */
async function inProcess(seconds: number, review: (call: (typeof calls)[number]) => Promise<boolean>): Promise<LoadResult> {
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  const latencies: number[] = [];
  let next = 0;
  let refused = 0;
  const caller = async () => {
    while (performance.now() < stopAt) {
      const call = calls[next % calls.length]!;
      next += 1;
      const sent = performance.now();
      if (!(await review(call))) refused += 1;
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]! * 10) / 10;
  return {
    requests: latencies.length,
    seconds: elapsed,
    rps: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    errors: 0,
    non2xx: refused,
    refusals: refused > 0 ? { refused } : {},
  };
}

/** A bare contender on its own copy of the seeded database: over `listen`'s server, or called in this process without one. */
async function bare(name: string, listen: ((reviews: BareReviews) => Promise<Listening>) | null): Promise<Contender> {
  const path = `${serverPath}-${name.replace(/[^a-z]/g, '')}.db`;
  await sql.raw(`vacuum into '${path}'`).execute(server.deps.db.kysely);
  const reviews = new BareReviews(path);
  const listening = listen === null ? null : await listen(reviews);
  const direct = (call: (typeof calls)[number]) =>
    new Promise<boolean>((resolve) => reviews.review(call.authorization, call.body, (status) => resolve(status === 201)));
  return {
    name,
    load: listening === null ? (seconds) => inProcess(seconds, direct) : overHttp(listening.url),
    between: async () => reviews.checkpoint(),
    syncs: () => {
      const { count, medianMs, reviewsPerBatch } = reviews.takeSyncs();
      return `, ${count} syncs of ${medianMs.toFixed(1)} ms (median), ${reviewsPerBatch.toFixed(1)} reviews a batch`;
    },
    check: async () => {
      const db = new BetterSqlite3(path, { readonly: true });
      try {
        const stored = db.prepare('select count(*) as n from reviews').get() as { n: number };
        const off = db.prepare(STAGES_OFF_SQL).get() as { n: number };
        return [stored.n, off.n];
      } finally {
        db.close();
      }
    },
    close: async () => {
      await listening?.close();
      reviews.close();
      for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
    },
  };
}

const checkServer = async (): Promise<[number, number]> => {
  const db = server.deps.db.kysely;
  const stored = await sql<{ n: number }>`select count(*) as n from reviews`.execute(db);
  const off = await sql.raw<{ n: number }>(STAGES_OFF_SQL).execute(db);
  return [Number(stored.rows[0]?.n), Number(off.rows[0]?.n)];
};

/** The server's credential check and review use case called as its route calls them, without HTTP (the answer is not presented). */
async function useCase(call: (typeof calls)[number]): Promise<boolean> {
  const owner = await authenticate(server.deps, { bearer: call.authorization.slice('Bearer '.length) });
  if (owner === null) return false;
  const created = await createReview(server.deps, owner.userId, {
    assignmentId: call.body.assignment_id,
    subjectId: undefined,
    incorrectMeaningAnswers: call.body.incorrect_meaning_answers,
    incorrectReadingAnswers: call.body.incorrect_reading_answers,
    createdAt: null,
  });
  return created.ok;
}

const contenders: Contender[] = [
  { name: 'server', load: overHttp(server.url), between: async () => {}, syncs: () => '', check: checkServer, close: () => server.close() },
  // On the server's own database, between its turns: nothing else is stored, so the checks cover both.
  {
    name: 'use case (no HTTP)',
    load: (seconds) => inProcess(seconds, useCase),
    between: async () => {},
    syncs: () => '',
    check: checkServer,
    close: async () => {},
  },
  await bare('statements (no HTTP)', null),
  await bare('node:http', (reviews) => bareHttpServer(reviews)),
  await bare('fastify', (reviews) => bareFastifyServer(reviews, false)),
  await bare('fastify+schemas', (reviews) => bareFastifyServer(reviews, true)),
];

async function turn(contender: Contender, seconds: number): Promise<Turn> {
  await contender.between();
  const cpuBefore = process.cpuUsage();
  const mainBefore = mainThreadCpuMs();
  const result = await contender.load(seconds);
  const mainMs = mainThreadCpuMs() - mainBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const perReview = (ms: number) => ms / result.requests;
  return {
    result,
    mainMs: perReview(mainMs),
    processMs: perReview((cpu.user + cpu.system) / 1000),
    generatorMs: perReview(result.generatorCpuMs ?? 0),
    load: load1(),
    syncs: contender.syncs(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

for (const contender of contenders) await turn(contender, 2);
const turns = new Map<string, Turn[]>(contenders.map((c) => [c.name, []]));
// Per database: the use case runs on the server's.
const acknowledged = new Map<Contender['check'], number>(contenders.map((c) => [c.check, 0]));
for (let round = 0; round < TURNS; round += 1) {
  for (const contender of contenders) {
    const t = await turn(contender, TURN_S);
    turns.get(contender.name)!.push(t);
    acknowledged.set(contender.check, acknowledged.get(contender.check)! + t.result.requests - t.result.non2xx);
    console.log(
      `turn ${round + 1} ${contender.name}: ${t.result.rps}/s p99 ${t.result.p99} ms, main ${t.mainMs.toFixed(3)} process ${t.processMs.toFixed(3)} generator ${t.generatorMs.toFixed(3)} ms/review, errors ${t.result.errors + t.result.non2xx}, load ${t.load}${t.syncs}`,
    );
  }
}
for (const contender of contenders) {
  const own = turns.get(contender.name)!;
  const [stored, stagesOff] = await contender.check();
  // The warm-up's reviews are stored too, so stored counts at least the turns' acknowledged ones.
  const answered = acknowledged.get(contender.check)!;
  printRow(`POST /reviews ceiling (c=${CONNECTIONS}, ${LEARNERS} learners, ${TURNS} turns of ${TURN_S} s)`, 'sqlite', {
    contender: contender.name,
    'reviews/s': Math.round(median(own.map((t) => t.result.rps))),
    'p99 ms': median(own.map((t) => t.result.p99)).toFixed(1),
    'main thread CPU ms/review': median(own.map((t) => t.mainMs)).toFixed(3),
    'process CPU ms/review': median(own.map((t) => t.processMs)).toFixed(3),
    'load generator CPU ms/review': median(own.map((t) => t.generatorMs)).toFixed(3),
    errors: own.reduce((sum, t) => sum + t.result.errors + t.result.non2xx, 0),
    'acknowledged stored': stored >= answered ? 'all' : `NOT ALL (${answered} answered 201, ${stored} stored)`,
    'stage != last review': stagesOff,
    load: own.map((t) => t.load).join('-'),
  });
}
for (const contender of contenders) await contender.close();
