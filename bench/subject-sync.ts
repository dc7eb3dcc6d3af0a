import { benchEngines, load, load1, machine, printRow, printSyncRow, startBenchServer, syncAgainstLimit } from './lib/harness.js';
import { capture, startLimitServer, type Captured } from './lib/limit.js';
import { createLearners, loadBundledContent } from './lib/seed.js';

/**
 * A client's full subject sync (GET /subjects and every next_url to the end: the bundled ~9,500
 * subjects in pages of 1000) against the physical limit: a bare node:http server answering the
 * same bytes, captured from the server in this run, from memory. Plain, gzip and brotli clients.
 * The load at c=8 alternates between the server and the limit in one-second turns, so a machine
 * whose load drifts during the run weighs on both alike (syncAgainstLimit). Also GET /user.
 */
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Seconds of load a turn; BENCH_DURATION seconds on each side in all. */
const TURN_S = 1;
/**
 * Untimed requests for a page of a few subjects in the three codings in turn, before the syncs: the
 * route's code then runs as a running server's does, compiled by V8's optimising tier. A server
 * started for the bench ran its request path in V8's baseline tier through the few hundred pages of
 * a sync (about 1 ms of the main thread a plain page more than warmed on a loaded machine,
 * bench/README.md, "Eleventh pass"); the limit's handler is node:http's own code, which the
 * server's requests warm as well. `BENCH_WARM_REQUESTS=0`: none.
 */
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 6000);
const WARM_PATH = '/api/v1/subjects?ids=1,2,3,4,5,6,7,8,9,10';
const CODINGS = ['identity', 'gzip', 'br'];

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1);
  const authorization = `Bearer ${learner!.token}`;

  const paths: string[] = [];
  for (let next: string | null = '/api/v1/subjects'; next !== null;) {
    paths.push(next);
    const page = (await (await fetch(`${server.url}${next}`, { headers: { authorization } })).json()) as {
      pages: { next_url: string | null };
    };
    next = page.pages.next_url === null ? null : new URL(page.pages.next_url).pathname + new URL(page.pages.next_url).search;
  }

  if (WARM_REQUESTS > 0) {
    const warm = await load({
      url: server.url,
      connections: 8,
      amount: WARM_REQUESTS,
      requests: CODINGS.map((coding) => ({ method: 'GET', path: WARM_PATH, headers: { authorization, 'accept-encoding': coding } })),
    });
    if (warm.errors + warm.non2xx > 0) throw new Error(`the warm-up failed: ${JSON.stringify(warm)}`);
  }

  for (const coding of CODINGS) {
    const headers = { authorization, 'accept-encoding': coding };
    const captured = new Map<string, Captured>();
    for (const path of paths) captured.set(path, await capture(server.url, path, headers));
    const bytes = [...captured.values()].reduce((sum, page) => sum + page.body.length, 0);
    const limit = await startLimitServer(captured);
    const figures = await syncAgainstLimit(server.url, limit.url, paths, headers, DURATION_S, Math.max(1, Math.round(DURATION_S / TURN_S)));
    await limit.close();
    printSyncRow(`full subject sync, ${coding} (${Math.round(bytes / 1024)} KB)`, engine, figures);
  }

  const user = await load({ url: `${server.url}/api/v1/user`, connections: 16, duration: DURATION_S, headers: { authorization } });
  printRow('GET /user', engine, {
    'req/s': user.rps,
    'p50 ms': user.p50,
    'p99 ms': user.p99,
    errors: user.errors + user.non2xx,
    load: load1(),
  });
  await server.close();
}
