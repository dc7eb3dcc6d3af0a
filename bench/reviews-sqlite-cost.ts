import { statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { load1, machine, mainThreadCpuMs, printRow } from './lib/harness.js';
import { reviewFigures, reviewLoad, seededReviewServer } from './lib/review-load.js';

/**
 * What one POST /reviews costs on SQLite, under the load of bench/reviews.ts (c=16, 164 learners,
 * synchronous=FULL): the CPU per review of the server's main thread (its event loop is the
 * bottleneck; the load runs in a child process), of the whole process (its threads for syncs and
 * checkpoints too) and of the load generator (it shares the machine's cores), the event loop's
 * delays (a checkpoint or sync on it shows as a stall) and the WAL's size before and after the load. On a shared machine these hold better than reviews/s.
 * `BENCH_PROFILE=<dir>` writes a CPU profile of the main thread during the load, and with
 * `BENCH_HEAP_PROFILE=1` a sampling profile of what it allocated (garbage included), in `<dir>`.
 */
const LEARNERS = 164;
const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const PROFILE_DIR = process.env.BENCH_PROFILE;

console.log(`Machine: ${machine()}`);
const { server, learners } = await seededReviewServer('sqlite', LEARNERS);
const walMb = () => (statSync(`${server.deps.config.databaseUrl.slice('sqlite:'.length)}-wal`).size / 2 ** 20).toFixed(1);
const walBefore = walMb();
const delays = monitorEventLoopDelay({ resolution: 1 });
// The callback API: on the main thread its answers come at once, inside the window's hooks.
const session = PROFILE_DIR === undefined ? null : new Session();
const heapProfile = process.env.BENCH_HEAP_PROFILE === '1';
let cpuBefore = process.cpuUsage();
let mainBefore = 0;
let cpu = cpuBefore;
let mainMs = 0;
// Measured over the load alone: the item list before it and the checks after it (which read every
// review) are not a review's cost.
const reviews = await reviewLoad(server, learners, CONNECTIONS, DURATION_S, {
  started() {
    if (session !== null) {
      session.connect();
      session.post('Profiler.enable');
      session.post('Profiler.setSamplingInterval', { interval: 200 });
      session.post('Profiler.start');
      if (heapProfile) {
        session.post('HeapProfiler.startSampling', {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
      }
    }
    delays.enable();
    cpuBefore = process.cpuUsage();
    mainBefore = mainThreadCpuMs();
  },
  ended() {
    cpu = process.cpuUsage(cpuBefore);
    mainMs = mainThreadCpuMs() - mainBefore;
    delays.disable();
    if (session === null) return;
    session.post('Profiler.stop', (_error, taken) =>
      writeFileSync(`${PROFILE_DIR}/reviews-sqlite.cpuprofile`, JSON.stringify(taken.profile)),
    );
    if (heapProfile) {
      session.post('HeapProfiler.stopSampling', (_error, taken) =>
        writeFileSync(`${PROFILE_DIR}/reviews-sqlite.heapprofile`, JSON.stringify(taken.profile)),
      );
    }
    session.disconnect();
  },
});
const perReview = (micros: number) => (micros / 1000 / reviews.result.requests).toFixed(3);
printRow(`POST /reviews cost (c=${CONNECTIONS}, ${LEARNERS} learners)`, 'sqlite', {
  ...reviewFigures(reviews),
  'main thread CPU ms/review': perReview(mainMs * 1000),
  'process CPU ms/review': `${perReview(cpu.user + cpu.system)} (system ${perReview(cpu.system)})`,
  'load generator CPU ms/review': perReview((reviews.result.generatorCpuMs ?? 0) * 1000),
  'loop delay p99/max ms': `${(delays.percentile(99) / 1e6).toFixed(1)}/${(delays.max / 1e6).toFixed(1)}`,
  'WAL MB before/after': `${walBefore}/${walMb()}`,
  load: load1(),
});
await server.close();
