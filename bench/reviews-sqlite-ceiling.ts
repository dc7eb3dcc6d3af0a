import { readFileSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import { bareFastifyServer, bareHttpServer, BareReviews, type Listening } from './lib/bare-reviews.js';
import { load1, loadElsewhere, machine, printRow, startBenchServer, type LoadResult } from './lib/harness.js';
import { reviewRequests, STAGES_OFF_SQL } from './lib/review-load.js';
import { createLearners, loadBundledContent, startAllLessons } from './lib/seed.js';

/**
 * The ceiling of POST /reviews on SQLite on this machine (c=16, 164 learners, synchronous=FULL,
 * the load generator of bench/lib/load-process.mjs and the same request bytes as
 * bench/reviews.ts), in alternating turns in one process, each server on its own copy of the same
 * seeded database:
 *
 * - `server`: the real server, as bench/reviews-sqlite-cost.ts starts it;
 * - `node:http`: a bare node:http server running the same review's statements with the same
 *   durability and group commit, and as little JavaScript as gives the same body (lib/bare-reviews.ts);
 * - `fastify`: the same behind a bare Fastify 5 route (no plugin, no hook);
 * - `fastify+schemas`: that route with the real route's body schema and response serializer.
 *
 * Each turn runs one server alone for BENCH_TURN_S seconds with a fresh load generator, after one
 * warm-up turn of each; figures per turn, then medians per server: reviews/s, p99, and the CPU a
 * review of the main thread (its event loop is the bottleneck), the whole process and the load
 * generator. The difference between the rows attributes the server's time: the statements and
 * Node's HTTP (node:http), Fastify's routing and hooks (fastify), its validation and serializer
 * (fastify+schemas), and the rest of the server's code (server).
 */
const LEARNERS = 164;
const CONNECTIONS = 16;
const TURN_S = Number(process.env.BENCH_TURN_S ?? 4);
const TURNS = Number(process.env.BENCH_TURNS ?? 6);
const CLOCK_TICK_MS = 10;

/** User plus system CPU of the main thread, in clock ticks. */
function mainThreadTicks(): number {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

interface Contender {
  name: string;
  url: string;
  /** Between turns, outside the measured window. */
  between(): Promise<void>;
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
}

console.log(`Machine: ${machine()}`);
const server = await startBenchServer('sqlite');
await loadBundledContent(server.deps);
const learners = await createLearners(server.deps, LEARNERS);
await startAllLessons(
  server.deps,
  learners.map((l) => l.userId),
);
const variants = await reviewRequests(server, learners);
const serverPath = server.deps.config.databaseUrl.slice('sqlite:'.length);

/** A bare contender on its own copy of the seeded database. */
async function bare(name: string, listen: (reviews: BareReviews) => Promise<Listening>): Promise<Contender> {
  const path = `${serverPath}-${name.replace(/[^a-z]/g, '')}.db`;
  await sql.raw(`vacuum into '${path}'`).execute(server.deps.db.kysely);
  const reviews = new BareReviews(path);
  const listening = await listen(reviews);
  return {
    name,
    url: listening.url,
    between: async () => reviews.checkpoint(),
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
      await listening.close();
      reviews.close();
      for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
    },
  };
}

const contenders: Contender[] = [
  {
    name: 'server',
    url: server.url,
    between: async () => {},
    check: async () => {
      const db = server.deps.db.kysely;
      const stored = await sql<{ n: number }>`select count(*) as n from reviews`.execute(db);
      const off = await sql.raw<{ n: number }>(STAGES_OFF_SQL).execute(db);
      return [Number(stored.rows[0]?.n), Number(off.rows[0]?.n)];
    },
    close: () => server.close(),
  },
  await bare('node:http', (reviews) => bareHttpServer(reviews)),
  await bare('fastify', (reviews) => bareFastifyServer(reviews, false)),
  await bare('fastify+schemas', (reviews) => bareFastifyServer(reviews, true)),
];

async function turn(contender: Contender, seconds: number): Promise<Turn> {
  await contender.between();
  const cpuBefore = process.cpuUsage();
  const ticksBefore = mainThreadTicks();
  const result = await loadElsewhere({
    url: `${contender.url}/api/v1/reviews`,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    variants,
  });
  const ticks = mainThreadTicks() - ticksBefore;
  const cpu = process.cpuUsage(cpuBefore);
  const perReview = (ms: number) => ms / result.requests;
  return {
    result,
    mainMs: perReview(ticks * CLOCK_TICK_MS),
    processMs: perReview((cpu.user + cpu.system) / 1000),
    generatorMs: perReview(result.generatorCpuMs ?? 0),
    load: load1(),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

for (const contender of contenders) await turn(contender, 2);
const turns = new Map<string, Turn[]>(contenders.map((c) => [c.name, []]));
const acknowledged = new Map<string, number>(contenders.map((c) => [c.name, 0]));
for (let round = 0; round < TURNS; round += 1) {
  for (const contender of contenders) {
    const t = await turn(contender, TURN_S);
    turns.get(contender.name)!.push(t);
    acknowledged.set(contender.name, acknowledged.get(contender.name)! + t.result.requests - t.result.non2xx);
    console.log(
      `turn ${round + 1} ${contender.name}: ${t.result.rps}/s p99 ${t.result.p99} ms, main ${t.mainMs.toFixed(3)} process ${t.processMs.toFixed(3)} generator ${t.generatorMs.toFixed(3)} ms/review, errors ${t.result.errors + t.result.non2xx}, load ${t.load}`,
    );
  }
}
for (const contender of contenders) {
  const own = turns.get(contender.name)!;
  const [stored, stagesOff] = await contender.check();
  // The warm-up's reviews are stored too, so stored counts at least the turns' acknowledged ones.
  const answered = acknowledged.get(contender.name)!;
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
