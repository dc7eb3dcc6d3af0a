import { sql } from 'kysely';
import { benchEngines, load1, loadElsewhere, machine, printRow, startBenchServer, type LoadResult } from './lib/harness.js';
import { createLearners, loadBundledContent, startAllLessons } from './lib/seed.js';

/**
 * No learner starves the others: other learners' reads (GET /user, each request another learner's
 * token, at concurrency 4) measured idle, then while one learner sends 64 concurrent POST /reviews
 * without pause for the same time. The target is the burst's p99 within 2x of the idle p99. The
 * burst's own figures follow, and the check that every review it acknowledged is stored.
 * BENCH_SQLITE_SYNCHRONOUS=normal runs SQLite as SQLITE_SYNCHRONOUS=normal would.
 */
const OTHERS = 16;
const READERS = 4;
const WRITERS = 64;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const [busy, ...others] = await createLearners(server.deps, OTHERS + 1);
  await startAllLessons(server.deps, [busy!.userId]);
  const items = await server.deps.db.kysely
    .selectFrom('assignments')
    .select('id')
    .where('user_id', '=', busy!.userId)
    .where('started_at', 'is not', null)
    .execute();

  // Each read is another learner's; each write is the next item, answered right and wrong in turn so
  // it stays in the cycle, never burned. Both loads run in child processes (loadElsewhere), as
  // clients elsewhere would: the server's event loop serves requests only.
  const reads = (): Promise<LoadResult> =>
    loadElsewhere({
      url: `${server.url}/api/v1/user`,
      method: 'GET',
      connections: READERS,
      duration: DURATION_S,
      variants: others.map((learner) => ({ headers: { authorization: `Bearer ${learner.token}` } })),
    });
  const burst = (): Promise<LoadResult> =>
    loadElsewhere({
      url: `${server.url}/api/v1/reviews`,
      method: 'POST',
      connections: WRITERS,
      duration: DURATION_S,
      variants: [0, 1].flatMap((incorrect) =>
        items.map((item) => ({
          headers: { 'content-type': 'application/json', authorization: `Bearer ${busy!.token}` },
          body: JSON.stringify({ assignment_id: item.id, incorrect_meaning_answers: incorrect, incorrect_reading_answers: 0 }),
        })),
      ),
    });

  const idle = await reads();
  printRow(`Other learners' GET /user (c=${READERS}), idle`, engine, {
    'req/s': idle.rps,
    'p50 ms': idle.p50,
    'p99 ms': idle.p99,
    errors: idle.errors + idle.non2xx,
    load: load1(),
  });
  const [during, writes] = await Promise.all([reads(), burst()]);
  const stored = await sql<{ n: number }>`select count(*) as n from reviews`.execute(server.deps.db.kysely);
  const acknowledged = writes.requests - writes.non2xx;
  printRow(`Other learners' GET /user (c=${READERS}), during one learner's ${WRITERS} concurrent writers`, engine, {
    'req/s': during.rps,
    'p50 ms': during.p50,
    'p99 ms': during.p99,
    'p99 / idle p99': Math.round((during.p99 / Math.max(idle.p99, 1)) * 10) / 10,
    errors: during.errors + during.non2xx,
    load: load1(),
  });
  printRow(`The burst: one learner's POST /reviews (c=${WRITERS})`, engine, {
    'reviews/s': writes.rps,
    'p50 ms': writes.p50,
    'p99 ms': writes.p99,
    'connection errors': writes.errors,
    ...(engine === 'sqlite' ? { synchronous: server.deps.config.sqliteSynchronous.toUpperCase() } : {}),
    refused: JSON.stringify(writes.refusals),
    'acknowledged stored': `${Number(stored.rows[0]?.n) >= acknowledged ? 'all' : 'NOT ALL'} (${acknowledged} answered 201, ${stored.rows[0]?.n} stored)`,
  });
  await server.close();
}
