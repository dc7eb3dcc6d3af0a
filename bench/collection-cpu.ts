import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import type { connect } from '../src/db/connect.js';
import { benchEngines, load1, startBenchServer } from './lib/harness.js';
import { OwnBackends } from './lib/pg-backends.js';
import { assignEverySubject, createLearners, loadBundledContent, seedReviewStatistics, settle } from './lib/seed.js';

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Server CPU per built collection page in process: a bulk learner holding every subject (an
 * assignment and a review statistic each), full syncs through `app.inject` on a server whose page
 * memo is off, so every page is built. `BENCH_ROUNDS` rounds of `BENCH_SYNCS` syncs per collection;
 * medians of the rounds, and on PostgreSQL the CPU of the backends serving this process's pools
 * (from /proc/<pid>/stat, so the database must run on this machine), summed over the rounds.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SYNCS = Number(process.env.BENCH_SYNCS ?? 8);
/**
 * `BENCH_AFTER_WRITE=1`: the servers keep pages and rows (their defaults), and before each sync the
 * side measured changes a study material through the API (unmeasured): every page is then the
 * first after a write, built from kept rows (bench/collection-after-write.ts measures it against
 * the limit).
 */
const AFTER_WRITE = process.env.BENCH_AFTER_WRITE === '1';
/**
 * `BENCH_AFTER_WRITE=cold`: the servers keep nothing (as after a restart), and before each sync the
 * side measured changes a study material: every page is the first after a write on a server that
 * did not serve the writer's sync, its pages found stored under the learner's state before (if at
 * all), as another instance or a restart finds them.
 */
const COLD_AFTER_WRITE = process.env.BENCH_AFTER_WRITE === 'cold';
/** The learner's study materials, created through the API (`BENCH_COLLECTIONS=study_materials` pages them). */
const STUDY_MATERIALS = Number(process.env.BENCH_STUDY_MATERIALS ?? 600);

for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  // With BENCH_BASE, each side syncs a learner of its own, built alike: stored pages are kept per
  // learner and address, so two sides syncing one learner would replace each other's pages.
  const holders = await createLearners(server.deps, process.env.BENCH_BASE === undefined ? 1 : 2, 'holder');
  for (const holder of holders) {
    await assignEverySubject(server.deps, holder.userId);
    await seedReviewStatistics(server.deps, holder.userId);
  }
  const db = server.deps.db.kysely;
  await settle(server.deps);
  // The page memo and the kept rows off: every page is built whole, as after a restart
  // (bench/collection-after-write.ts measures the first sync after a write, with both on).
  const config = loadConfig({
    DATABASE_URL: server.deps.config.databaseUrl,
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: server.deps.config.publicBaseUrl,
    SQLITE_SYNCHRONOUS: server.deps.config.sqliteSynchronous,
    LEARNER_PAGE_CACHE_MB: AFTER_WRITE ? undefined : '0',
    LEARNER_ROW_CACHE_MB: AFTER_WRITE ? undefined : (process.env.LEARNER_ROW_CACHE_MB ?? '0'),
    // `STORED_PAGES_MB=0`: no page is stored either, so every page of every sync is built and hashed.
    STORED_PAGES_MB: process.env.STORED_PAGES_MB,
  });
  const app = await buildApp({ ...server.deps, config });
  // BENCH_BASE=<another checkout>: that checkout's server too, on the same database, measured in
  // alternation with this one, so both meet the same load (an A/B in one process).
  const base = process.env.BENCH_BASE;
  let other: typeof app | null = null;
  let baseDb: { close(): Promise<void> } | null = null;
  if (base !== undefined) {
    const { buildApp: buildBase } = (await import(`${base}/src/app.ts`)) as { buildApp: typeof buildApp };
    const { connect: connectBase } = (await import(`${base}/src/db/connect.ts`)) as { connect: typeof connect };
    const searchPath = engine === 'postgres' ? (await sql<{ search_path: string }>`show search_path`.execute(db)).rows[0]!.search_path : '';
    const opened = connectBase(config.databaseUrl, engine === 'postgres' ? { pgSchema: searchPath, pgPoolSize: 16 } : {});
    baseDb = opened;
    other = await buildBase({ ...server.deps, db: opened, config });
  }
  // The backends' CPU a page on PostgreSQL: those serving this process's pools, read before and after each turn.
  const backendsCpu = engine === 'postgres' ? new OwnBackends() : null;
  await backendsCpu?.open();
  /** What one side syncs and writes: its learner's credential, pages, and the study material its writes change. */
  const learnerOf = async (app: Awaited<ReturnType<typeof buildApp>>, holder: (typeof holders)[number]) => {
    const headers = { authorization: `Bearer ${holder.token}` };
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
    // Study materials through the API, with notes and synonyms (the first is the one a write changes).
    const subjects = await db
      .selectFrom('assignments')
      .select('subject_id')
      .where('user_id', '=', holder.userId)
      .orderBy('id')
      .limit(Math.max(1, STUDY_MATERIALS))
      .execute();
    const json = { ...headers, 'content-type': 'application/json' };
    const materials: number[] = [];
    for (const [i, s] of subjects.entries()) {
      const payload = {
        subject_id: s.subject_id,
        meaning_note: `a note ${i}`,
        reading_note: `reading ${i}`,
        meaning_synonyms: [`synonym ${i}`],
      };
      materials.push(
        (await app.inject({ method: 'POST', url: '/api/v1/study_materials', headers: json, payload })).json<{ id: number }>().id,
      );
    }
    const material = { id: materials[0]! };
    let writes = 0;
    const write = async (): Promise<void> => {
      if (!AFTER_WRITE && !COLD_AFTER_WRITE) return;
      writes += 1;
      const res = await app.inject({
        method: 'PUT',
        url: `/api/v1/study_materials/${material.id}`,
        headers: json,
        payload: { meaning_note: `note ${writes}` },
      });
      if (res.statusCode !== 200) throw new Error(`study material change answered ${res.statusCode}`);
    };
    return { headers, paths, write };
  };
  const sides: [string, typeof app, Awaited<ReturnType<typeof learnerOf>>][] = [['this', app, await learnerOf(app, holders[0]!)]];
  if (other !== null) sides.push(['base', other, await learnerOf(other, holders[1]!)]);
  for (const collection of (process.env.BENCH_COLLECTIONS ?? 'assignments,review_statistics').split(',')) {
    const pagesOf = new Map<string, string[]>();
    for (const [name, side, { headers, paths }] of sides) {
      pagesOf.set(name, await paths(`/api/v1/${collection}`));
      for (const p of pagesOf.get(name)!) await side.inject({ method: 'GET', url: p, headers });
    }
    const profile = process.env.BENCH_PROFILE === undefined ? null : new Session();
    if (profile) {
      profile.connect();
      await profile.post('Profiler.setSamplingInterval', { interval: 200 });
      await profile.post('Profiler.enable');
      await profile.post('Profiler.start');
    }
    const figures = new Map(sides.map(([name]) => [name, { cpu: [] as number[], wall: [] as number[], backendMs: 0, pages: 0 }]));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [side, server, { headers, write }] of sides) {
        const pages = pagesOf.get(side)!;
        let cpuMs = 0;
        let wallMs = 0;
        const f = figures.get(side)!;
        for (let s = 0; s < SYNCS; s += 1) {
          await write();
          const backends = await backendsCpu?.start();
          const cpu = process.cpuUsage();
          const start = performance.now();
          for (const p of pages) {
            await server.inject({ method: 'GET', url: p, headers });
            // A turn of the event loop, as between a listening server's requests (bench/lib/sync-after-write.ts).
            await new Promise((resolve) => setImmediate(resolve));
          }
          const used = process.cpuUsage(cpu);
          wallMs += performance.now() - start;
          cpuMs += (used.user + used.system) / 1000;
          f.backendMs += (await backends?.end()) ?? 0;
        }
        const n = SYNCS * pages.length;
        f.cpu.push(cpuMs / n);
        f.wall.push(wallMs / n);
        f.pages += n;
      }
    }
    for (const [side, f] of figures) {
      const backend = backendsCpu === null ? '' : `, backends ${(f.backendMs / f.pages).toFixed(2)} ms/page (summed)`;
      console.log(
        `${side} ${engine} ${collection}${AFTER_WRITE ? ' after a write' : ''}: ${pagesOf.get(side)!.length} pages, ${ROUNDS} turns, median CPU ${median(f.cpu).toFixed(2)} ms/page, median wall ${median(f.wall).toFixed(2)} ms/page${backend}, load ${load1()}, ${new Date().toISOString().slice(11, 19)} UTC`,
      );
    }
    if (profile) {
      const { profile: taken } = await profile.post('Profiler.stop');
      writeFileSync(`${process.env.BENCH_PROFILE}/${engine}-${collection}.cpuprofile`, JSON.stringify(taken));
      profile.disconnect();
    }
  }
  await backendsCpu?.close();
  await app.close();
  await other?.close();
  // Its pool, left open, held the process for the pool's idle timeout (five minutes) after the figures.
  await baseDb?.close();
  await server.close();
}
