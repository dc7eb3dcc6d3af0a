import { sql } from 'kysely';
import { benchEngines, load, load1, machine, printRow, startBenchServer } from './lib/harness.js';
import { assignEverySubject, createLearners, loadBundledContent, startAllLessons } from './lib/seed.js';

/**
 * POST /reviews at concurrency 16 spread over many learners (each request a different learner and
 * item, half of the answers wrong so items stay in the cycle), with durable commits (SQLite
 * synchronous=FULL, the default), then checks that every acknowledged review is stored and every
 * assignment's stage is its last review's ending stage (no lost update). Then a full GET
 * /assignments sync of a learner holding every subject.
 */
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 164);
const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const learners = await createLearners(server.deps, LEARNERS);
  await startAllLessons(
    server.deps,
    learners.map((l) => l.userId),
  );
  const items = await server.deps.db.kysely
    .selectFrom('assignments')
    .select(['id', 'user_id'])
    .where('started_at', 'is not', null)
    .execute();
  const tokenOf = new Map(learners.map((l) => [l.userId, l.token]));
  const work = items.map((a) => ({ assignmentId: a.id, token: tokenOf.get(a.user_id) as string }));
  let next = 0;

  const reviews = await load({
    url: `${server.url}/api/v1/reviews`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const item = work[next % work.length]!;
          next += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${item.token}` },
            body: JSON.stringify({ assignment_id: item.assignmentId, incorrect_meaning_answers: next % 2, incorrect_reading_answers: 0 }),
          };
        },
      },
    ],
  });
  const acknowledged = reviews.requests - reviews.non2xx;
  const stored = await sql<{ n: number }>`select count(*) as n from reviews`.execute(server.deps.db.kysely);
  const moved = await sql<{ n: number }>`
    select count(*) as n from assignments a
    where exists (select 1 from reviews r where r.assignment_id = a.id)
      and a.srs_stage <> (select r.ending_srs_stage from reviews r where r.assignment_id = a.id order by r.id desc limit 1)`.execute(
    server.deps.db.kysely,
  );
  printRow(`POST /reviews (c=${CONNECTIONS}, ${LEARNERS} learners)`, engine, {
    'reviews/s': reviews.rps,
    'p50 ms': reviews.p50,
    'p99 ms': reviews.p99,
    reviews: reviews.requests,
    errors: reviews.errors + reviews.non2xx,
    // Requests still in flight when the load stops may be stored without being counted as answered.
    'acknowledged stored': `${Number(stored.rows[0]?.n) >= acknowledged ? 'all' : 'NOT ALL'} (${acknowledged} answered 201, ${stored.rows[0]?.n} stored)`,
    'stage != last review': Number(moved.rows[0]?.n),
    load: load1(),
  });

  const heavy = learners[0]!;
  const held = await assignEverySubject(server.deps, heavy.userId);
  const headers = { authorization: `Bearer ${heavy.token}` };
  const pages: string[] = [];
  for (let after = 0, more = true; more;) {
    const path = `/api/v1/assignments${after ? `?page_after_id=${after}` : ''}`;
    pages.push(path);
    const body = (await (await fetch(`${server.url}${path}`, { headers })).json()) as {
      data: { id: number }[];
      pages: { next_url: string | null };
    };
    more = body.pages.next_url !== null;
    after = body.data[body.data.length - 1]?.id ?? 0;
  }
  const started = performance.now();
  for (const path of pages) await fetch(`${server.url}${path}`, { headers }).then((r) => r.arrayBuffer());
  const oneSyncMs = Math.round(performance.now() - started);
  const sync = await load({
    url: server.url,
    connections: 8,
    duration: DURATION_S,
    headers,
    requests: pages.map((path) => ({ method: 'GET', path })),
  });
  printRow(`GET /assignments full sync (${held} assignments)`, engine, {
    pages: pages.length,
    'one sync ms': oneSyncMs,
    'pages/s': sync.rps,
    'p50 ms': sync.p50,
    'p99 ms': sync.p99,
    errors: sync.errors + sync.non2xx,
  });
  await server.close();
}
