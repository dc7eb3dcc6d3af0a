import { CHROMIUM, CHROMIUM_ARGS } from '../test/browser/harness.js';
import { chromium } from 'playwright-core';
import { benchEngines, load, machine, printRow, startBenchServer } from './lib/harness.js';
import { createLearners, loadBundledContent, startAllLessons } from './lib/seed.js';

/**
 * The web app: first load of the app shell in Debian's Chromium on loopback (cold cache: a fresh
 * browser context each time; Playwright gives the browser a temporary profile): bytes over the wire and time to the sign-in form and, signed in, to the home
 * screen's counts; then the review answer round trip as the app makes it (POST /reviews with the
 * session cookie, the app's Origin and an Idempotency-Key) at concurrency 1.
 */
const LOADS = Number(process.env.BENCH_WEB_LOADS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1, 'web');
  if (!learner) throw new Error('no learner');
  await startAllLessons(server.deps, [learner.userId]);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const shell = { bytes: [] as number[], ms: [] as number[] };
  const home = { bytes: [] as number[], ms: [] as number[] };
  let sessionCookie = '';
  for (let i = 0; i < LOADS; i++) {
    for (const [target, figures] of [
      ['/sign-in', shell],
      ['/', home],
    ] as const) {
      const context = await browser.newContext();
      if (target === '/') {
        const res = await fetch(`${server.url}/api/v1/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.url },
          body: JSON.stringify({ token: learner.token }),
        });
        sessionCookie = /svc_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
        await context.addCookies([{ name: 'svc_session', value: sessionCookie, url: server.url }]);
      }
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      let bytes = 0;
      cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
        bytes += event.encodedDataLength;
      });
      const started = performance.now();
      await page.goto(`${server.url}${target}`);
      await (target === '/' ? page.getByRole('link', { name: /Reviews: \d+ available/ }) : page.getByLabel('API token')).waitFor();
      figures.ms.push(performance.now() - started);
      figures.bytes.push(bytes);
      await context.close();
    }
  }
  await browser.close();
  printRow('App shell first load, signed out (to the sign-in form)', engine, {
    'median ms': median(shell.ms).toFixed(0),
    'KB transferred': (median(shell.bytes) / 1024).toFixed(1),
  });
  printRow('Home first load, signed in (shell + /user + /dashboard, to the counts)', engine, {
    'median ms': median(home.ms).toFixed(0),
    'KB transferred': (median(home.bytes) / 1024).toFixed(1),
  });

  const assignments = await server.deps.db.kysely
    .selectFrom('assignments')
    .select('id')
    .where('user_id', '=', learner.userId)
    .where('started_at', 'is not', null)
    .execute();
  let next = 0;
  const roundTrip = await load({
    url: `${server.url}/api/v1/reviews`,
    connections: 1,
    duration: DURATION_S,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          next += 1;
          const item = assignments[next % assignments.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              cookie: `svc_session=${sessionCookie}`,
              origin: server.url,
              'idempotency-key': `bench-${next}-${Date.now()}`,
            },
            body: JSON.stringify({
              assignment_id: item.id,
              incorrect_meaning_answers: next % 3 === 0 ? 1 : 0,
              incorrect_reading_answers: 0,
              created_at: new Date().toISOString(),
            }),
          };
        },
      },
    ],
  });
  printRow('Review answer round trip (cookie, Origin, Idempotency-Key; c=1)', engine, {
    'p50 ms': roundTrip.p50,
    'p99 ms': roundTrip.p99,
    'reviews/s': roundTrip.rps,
    errors: roundTrip.errors + roundTrip.non2xx,
  });
  await server.close();
}
