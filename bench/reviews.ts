import { benchEngines, load, load1, machine, printRow, startSiblingServer } from './lib/harness.js';
import { reviewFigures, reviewLoad, seededReviewServer } from './lib/review-load.js';
import { assignEverySubject } from './lib/seed.js';

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
  const { server, learners } = await seededReviewServer(engine, LEARNERS);
  const reviews = await reviewLoad(server, learners, CONNECTIONS, DURATION_S);
  printRow(`POST /reviews (c=${CONNECTIONS}, ${LEARNERS} learners)`, engine, { ...reviewFigures(reviews), load: load1() });

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
  // Warm: the pages kept by the learner page memo; cold: every page built (a server with the memo off).
  const cold = await startSiblingServer(server, { LEARNER_PAGE_CACHE_MB: '0' });
  for (const [kind, url] of [
    ['warm', server.url],
    ['cold', cold.url],
  ] as const) {
    const started = performance.now();
    for (const path of pages) await fetch(`${url}${path}`, { headers }).then((r) => r.arrayBuffer());
    const oneSyncMs = Math.round(performance.now() - started);
    const sync = await load({
      url,
      connections: 8,
      duration: DURATION_S,
      headers,
      requests: pages.map((path) => ({ method: 'GET', path })),
    });
    printRow(`GET /assignments full sync (${kind}, ${held} assignments)`, engine, {
      pages: pages.length,
      'one sync ms': oneSyncMs,
      'pages/s': sync.rps,
      'p50 ms': sync.p50,
      'p99 ms': sync.p99,
      errors: sync.errors + sync.non2xx,
      load: load1(),
    });
  }
  await cold.close();
  await server.close();
}
