import { benchEngines, load, machine, printRow, startBenchServer } from './lib/harness.js';
import { createLearners, loadBundledContent } from './lib/seed.js';

/**
 * A client's full subject sync: GET /subjects and every next_url to the end (the bundled ~9,400
 * subjects, 1000 per page), repeated by 8 concurrent clients. Also GET /user.
 */
const CONNECTIONS = 8;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1);
  const headers = { authorization: `Bearer ${learner!.token}` };

  const pages: string[] = [];
  let next: string | null = `${server.url}/api/v1/subjects`;
  while (next) {
    const path = new URL(next).pathname + new URL(next).search;
    pages.push(path.replace(/^\/api\/v1/, '/api/v1'));
    const res = await fetch(`${server.url}${path}`, { headers });
    const body = (await res.json()) as { pages: { next_url: string | null } };
    next = body.pages.next_url ? body.pages.next_url.replace('http://127.0.0.1/api/v1', `${server.url}/api/v1`) : null;
  }
  const started = performance.now();
  for (const path of pages) await fetch(`${server.url}${path}`, { headers }).then((r) => r.arrayBuffer());
  const oneSyncMs = Math.round(performance.now() - started);

  const sync = await load({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    requests: pages.map((path) => ({ method: 'GET', path })),
  });
  printRow('full subject sync (GET /subjects + next_url)', engine, {
    pages: pages.length,
    'one sync ms': oneSyncMs,
    'pages/s': sync.rps,
    'syncs/s': (sync.rps / pages.length).toFixed(1),
    'p50 ms': sync.p50,
    'p99 ms': sync.p99,
    errors: sync.errors + sync.non2xx,
  });

  const user = await load({ url: `${server.url}/api/v1/user`, connections: 16, duration: DURATION_S, headers });
  printRow('GET /user', engine, { 'req/s': user.rps, 'p50 ms': user.p50, 'p99 ms': user.p99, errors: user.errors + user.non2xx });
  await server.close();
}
