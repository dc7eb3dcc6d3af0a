import type { SqliteSynchronous } from '../src/config/index.js';
import { load1, machine, printRow, startBenchServer } from './lib/harness.js';
import { reviewFigures, reviewLoad } from './lib/review-load.js';
import { createLearners, loadBundledContent, startAllLessons } from './lib/seed.js';

/**
 * What durable acknowledgements cost on SQLite: POST /reviews at concurrency 16 over many learners
 * (as bench/reviews.ts) with `synchronous=FULL` (the default: an acknowledged review survives a
 * power cut) and with `NORMAL` (SQLITE_SYNCHRONOUS=normal: the last commits may be lost then), each
 * on a fresh database. The settings alternate for BENCH_ROUNDS rounds (default 2), so a change in the
 * machine's load shows as a difference between rounds of one setting. PostgreSQL keeps its defaults.
 */
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 164);
const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

console.log(`Machine: ${machine()}`);
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const sqliteSynchronous of ['full', 'normal'] satisfies SqliteSynchronous[]) {
    const server = await startBenchServer('sqlite', undefined, { sqliteSynchronous });
    await loadBundledContent(server.deps);
    const learners = await createLearners(server.deps, LEARNERS);
    await startAllLessons(
      server.deps,
      learners.map((l) => l.userId),
    );
    const reviews = await reviewLoad(server, learners, CONNECTIONS, DURATION_S);
    printRow(`POST /reviews, synchronous=${sqliteSynchronous.toUpperCase()} (c=${CONNECTIONS}, round ${round})`, 'sqlite', {
      ...reviewFigures(reviews),
      load: load1(),
    });
    await server.close();
  }
}
