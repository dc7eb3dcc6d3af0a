import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { benchEngines, load1, startBenchServer } from './lib/harness.js';
import { assignEverySubject, createLearners, loadBundledContent, seedReviewStatistics, settle } from './lib/seed.js';

/**
 * Server CPU per built collection page in process: a bulk learner holding every subject (an
 * assignment and a review statistic each), full syncs through `app.inject` on a server whose page
 * memo is off, so every page is built. `BENCH_ROUNDS` rounds of `BENCH_SYNCS` syncs per collection.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SYNCS = Number(process.env.BENCH_SYNCS ?? 8);

for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const [holder] = await createLearners(server.deps, 1, 'holder');
  await assignEverySubject(server.deps, holder!.userId);
  const db = server.deps.db.kysely;
  await seedReviewStatistics(server.deps, holder!.userId);
  await settle(server.deps);
  // The page memo and the kept rows off: every page is built whole, as after a restart
  // (bench/collection-after-write.ts measures the first sync after a write, with both on).
  const config = loadConfig({
    DATABASE_URL: server.deps.config.databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: server.deps.config.publicBaseUrl,
    SQLITE_SYNCHRONOUS: server.deps.config.sqliteSynchronous,
    LEARNER_PAGE_CACHE_MB: '0',
    LEARNER_ROW_CACHE_MB: process.env.LEARNER_ROW_CACHE_MB ?? '0',
  });
  const app = await buildApp({ ...server.deps, config });
  // BENCH_BASE=<another checkout>: that checkout's server too, on the same database, measured in
  // alternation with this one, so both meet the same load (an A/B in one process).
  const base = process.env.BENCH_BASE;
  let other: typeof app | null = null;
  if (base !== undefined) {
    const { buildApp: buildBase } = (await import(`${base}/src/app.ts`)) as { buildApp: typeof buildApp };
    const { connect: connectBase } = (await import(`${base}/src/db/connect.ts`)) as { connect: (url: string, options: object) => never };
    const searchPath = engine === 'postgres' ? (await sql<{ search_path: string }>`show search_path`.execute(db)).rows[0]!.search_path : '';
    const baseDb = connectBase(config.databaseUrl, engine === 'postgres' ? { pgSchema: searchPath, pgPoolSize: 16 } : {});
    other = await buildBase({ ...server.deps, db: baseDb, config });
  }
  const headers = { authorization: `Bearer ${holder!.token}` };
  const paths = async (first: string): Promise<string[]> => {
    const out: string[] = [];
    for (let next: string | null = first; next !== null;) {
      out.push(next);
      const res = await app.inject({ method: 'GET', url: next, headers });
      const body = res.json() as { pages: { next_url: string | null } };
      next = body.pages.next_url === null ? null : `${new URL(body.pages.next_url).pathname}${new URL(body.pages.next_url).search}`;
    }
    return out;
  };
  for (const collection of (process.env.BENCH_COLLECTIONS ?? 'assignments,review_statistics').split(',')) {
    const pages = await paths(`/api/v1/${collection}`);
    for (const p of pages) await app.inject({ method: 'GET', url: p, headers });
    const profile = process.env.BENCH_PROFILE === undefined ? null : new Session();
    if (profile) {
      profile.connect();
      await profile.post('Profiler.setSamplingInterval', { interval: 200 });
      await profile.post('Profiler.enable');
      await profile.post('Profiler.start');
    }
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [side, server] of other === null ? [['this', app] as const] : [['this', app] as const, ['base', other] as const]) {
        const cpu = process.cpuUsage();
        const start = performance.now();
        for (let s = 0; s < SYNCS; s += 1) for (const p of pages) await server.inject({ method: 'GET', url: p, headers });
        const used = process.cpuUsage(cpu);
        const n = SYNCS * pages.length;
        console.log(
          `${side} ${engine} ${collection}: ${pages.length} pages, CPU ${((used.user + used.system) / 1000 / n).toFixed(2)} ms/page, wall ${((performance.now() - start) / n).toFixed(2)} ms/page, load ${load1()}`,
        );
      }
    }
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop');
      writeFileSync(`${process.env.BENCH_PROFILE}/${engine}-${collection}.cpuprofile`, JSON.stringify(taken));
      profile.disconnect();
    }
  }
  await app.close();
  await other?.close();
  await server.close();
}
