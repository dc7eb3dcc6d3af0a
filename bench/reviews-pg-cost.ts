import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { load1, machine, PG_URL, printRow } from './lib/harness.js';
import { reviewFigures, reviewLoad, seededReviewServer } from './lib/review-load.js';

/**
 * What one POST /reviews costs on PostgreSQL, under the load of bench/reviews.ts (c=16, 164
 * learners): the server process's CPU, the CPU of the pool's PostgreSQL backends (from
 * /proc/<pid>/stat, so the database must run on this machine), the load generator's CPU and the
 * round trips (queries sent on a connection) per review. On a shared machine these hold better than reviews/s.
 * `BENCH_PROFILE=<dir>` writes a CPU profile of the server's main thread during the load in `<dir>`.
 */
const LEARNERS = 164;
const CONNECTIONS = 16;
const POOL = 16;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CLOCK_TICK_MS = 10;

/** User plus system CPU of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

if (PG_URL === undefined) throw new Error('PostgreSQL only: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
console.log(`Machine: ${machine()}`);
const { server, learners } = await seededReviewServer('postgres', LEARNERS);
// Every connection of the pool opened (each statement holds one while it sleeps) and its backend named.
const backends = new Set<number>();
await Promise.all(
  Array.from({ length: POOL }, async () => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(server.deps.db.kysely);
    backends.add(rows[0]!.pid);
  }),
);
let roundTrips = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips += 1;
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;
const profile = process.env.BENCH_PROFILE === undefined ? null : new Session();
if (profile !== null) {
  profile.connect();
  await profile.post('Profiler.enable');
  await profile.post('Profiler.setSamplingInterval', { interval: 200 });
  await profile.post('Profiler.start');
}
const backendsTicks = () => [...backends].reduce((sum, pid) => sum + cpuTicks(pid), 0);
let backendsBefore = 0;
let backendMs = 0;
let serverBefore = process.cpuUsage();
let server_ = serverBefore;
// The load's window alone: reviewLoad's checks afterwards read every review on the pool's backends
// (about a quarter of what they spent in a 10 s run when these figures were read after the call).
const reviews = await reviewLoad(server, learners, CONNECTIONS, DURATION_S, {
  started() {
    backendsBefore = backendsTicks();
    serverBefore = process.cpuUsage();
  },
  ended() {
    server_ = process.cpuUsage(serverBefore);
    backendMs = (backendsTicks() - backendsBefore) * CLOCK_TICK_MS;
  },
});
if (profile !== null) {
  const { profile: taken } = await profile.post('Profiler.stop');
  writeFileSync(`${process.env.BENCH_PROFILE}/reviews-pg.cpuprofile`, JSON.stringify(taken));
  profile.disconnect();
}
const count = reviews.result.requests;
printRow(`POST /reviews cost (c=${CONNECTIONS}, ${LEARNERS} learners)`, 'postgres', {
  ...reviewFigures(reviews),
  'round trips / review': (roundTrips / count).toFixed(2),
  'server CPU ms / review': ((server_.user + server_.system) / 1000 / count).toFixed(2),
  // The kernel's part: a profile's `writev` samples are mostly the wait for the woken backend, not CPU.
  'of it system ms': (server_.system / 1000 / count).toFixed(2),
  'backends CPU ms / review': (backendMs / count).toFixed(2),
  // The third share of the same two cores: a review's whole CPU is the three together.
  'load generator CPU ms / review': ((reviews.result.generatorCpuMs ?? 0) / count).toFixed(2),
  load: load1(),
});
await server.close();
