import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { load1, printSyncRow, startBenchServer, syncAgainstLimit } from './lib/harness.js';
import { capture, startLimitServer, type Captured } from './lib/limit.js';
import { OwnBackends } from './lib/pg-backends.js';
import { assignEverySubject, createLearners, loadBundledContent, seedReviewStatistics, settle } from './lib/seed.js';

/**
 * A/B of a PostgreSQL server keeping nothing (no page memo, no kept rows: every page from the
 * stored pages) at c=8 against the bare node:http limit: this checkout's server and BENCH_BASE's
 * (another checkout, e.g. /work/wt/old), in one process on one database, measured in alternating
 * turns (new, old, old, new, ...) so both meet the machine's load alike. Each side syncs a bulk
 * learner of its own (holding every subject), built alike: stored pages are kept per learner and
 * address, and two sides syncing one learner would replace each other's pages. Each learner has
 * 500 study materials with a note and a synonym, one page of 159 KB (as bench/learner.ts's learner
 * built through the API). Beside each row, the CPU of the backends serving this process, a page of
 * the server's (bench/lib/pg-backends.ts).
 * `BENCH_COLLECTIONS` (default assignments), `BENCH_TURNS` (3), `BENCH_DURATION` seconds a load (4).
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const TURNS = Number(process.env.BENCH_TURNS ?? 3);
const STUDY_MATERIALS = 500;
const server = await startBenchServer('postgres');
await loadBundledContent(server.deps);
const holders = await createLearners(server.deps, 2, 'holder');
for (const h of holders) {
  await assignEverySubject(server.deps, h.userId);
  await seedReviewStatistics(server.deps, h.userId);
  const subjects = await server.deps.db.kysely
    .selectFrom('assignments')
    .select('subject_id')
    .where('user_id', '=', h.userId)
    .orderBy('id')
    .limit(STUDY_MATERIALS)
    .execute();
  for (const [i, { subject_id }] of subjects.entries()) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/study_materials',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
      payload: { subject_id, meaning_note: `note ${i}`, meaning_synonyms: [`synonym ${i}`] },
    });
    if (created.statusCode !== 201) throw new Error(`study material answered ${created.statusCode}`);
  }
}
await settle(server.deps);
const config = loadConfig({
  DATABASE_URL: server.deps.config.databaseUrl,
  LOG_LEVEL: 'silent',
  PUBLIC_BASE_URL: server.deps.config.publicBaseUrl,
  LEARNER_PAGE_CACHE_MB: '0',
  LEARNER_ROW_CACHE_MB: '0',
});
const mine = await buildApp({ ...server.deps, config });
const base = process.env.BENCH_BASE!;
const { buildApp: buildBase } = (await import(`${base}/src/app.ts`)) as { buildApp: typeof buildApp };
const { connect: connectBase } = (await import(`${base}/src/db/connect.ts`)) as { connect: (url: string, options: object) => never };
const searchPath = (await sql<{ search_path: string }>`show search_path`.execute(server.deps.db.kysely)).rows[0]!.search_path;
const baseDb = connectBase(config.databaseUrl, { pgSchema: searchPath, pgPoolSize: 16 });
const theirs = await buildBase({ ...server.deps, db: baseDb, config });
const sides = [
  ['new', mine, holders[0]!],
  ['old', theirs, holders[1]!],
] as const;
const prepared = [];
for (const [name, app, holder] of sides) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  const headers = { authorization: `Bearer ${holder.token}` };
  const byCollection = [];
  for (const collection of (process.env.BENCH_COLLECTIONS ?? 'assignments').split(',')) {
    const paths: string[] = [];
    for (let next: string | null = `/api/v1/${collection}`; next !== null;) {
      paths.push(next);
      const page = (await (await fetch(`${url}${next}`, { headers })).json()) as { pages: { next_url: string | null } };
      next = page.pages.next_url === null ? null : new URL(page.pages.next_url).pathname + new URL(page.pages.next_url).search;
    }
    const captured = new Map<string, Captured>();
    for (const path of paths) captured.set(path, await capture(url, path, headers));
    byCollection.push({ collection, paths, limit: await startLimitServer(captured) });
  }
  prepared.push({ name, url, headers, byCollection });
}
await new Promise((r) => setTimeout(r, 500));
const backends = new OwnBackends();
await backends.open();
for (let turn = 0; turn < TURNS; turn += 1)
  for (const side of turn % 2 === 0 ? prepared : [...prepared].reverse())
    for (const { collection, paths, limit } of side.byCollection) {
      const reading = await backends.start();
      const figures = await syncAgainstLimit(side.url, limit.url, paths, side.headers, DURATION, 2);
      const backendMs = (await reading.end()) / figures.serverRequests;
      printSyncRow(`${side.name} ${collection} keeping nothing turn ${turn}`, 'postgres', figures);
      console.log(`  backends ${backendMs.toFixed(2)} ms a page, load ${load1()} ${new Date().toISOString().slice(11, 19)}`);
    }
await backends.close();
for (const side of prepared) for (const { limit } of side.byCollection) await limit.close();
await mine.close();
await theirs.close();
await server.close();
