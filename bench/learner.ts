import {
  aloneMs,
  benchEngines,
  load1,
  loadElsewhere,
  machine,
  printRow,
  printSyncRow,
  SettableClock,
  startBenchServer,
  startSiblingServer,
  syncAgainstLimit,
} from './lib/harness.js';
import { capture, startLimitServer, type Captured } from './lib/limit.js';
import { assignEverySubject, createLearners, loadBundledContent, settle } from './lib/seed.js';
import { syncsAfterWrites } from './lib/sync-after-write.js';
import { HEAVY_STUDY, studyThroughApi } from './lib/study-rounds.js';

/**
 * A learner built the way learners build their history: through the API, over simulated days of
 * lessons and review sessions with some wrong answers (bench/lib/study-rounds.ts). Then what that
 * learner's client does: GET /dashboard alone and at 8 connections, and full syncs of assignments,
 * review statistics and study materials (500 a page) against the bare node:http limit serving the
 * captured bytes, warm (kept pages) and cold (every page read and written whole), and the first
 * syncs after a study material change (bench/lib/sync-after-write.ts). Also GET /item_spread for a learner holding every subject (bulk-assigned).
 */
const NOW = Date.parse('2026-11-21T10:30:00.000Z');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const STUDY_MATERIALS = 600;
/** Rounds of a study material change and the full syncs after it (bench/lib/sync-after-write.ts). */
const AFTER_WRITE_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

async function collectionPaths(url: string, authorization: string, first: string): Promise<string[]> {
  const paths: string[] = [];
  for (let next: string | null = first; next !== null;) {
    paths.push(next);
    const page = (await (await fetch(`${url}${next}`, { headers: { authorization } })).json()) as { pages: { next_url: string | null } };
    next = page.pages.next_url === null ? null : new URL(page.pages.next_url).pathname + new URL(page.pages.next_url).search;
  }
  return paths;
}

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const clock = new SettableClock(NOW);
  const server = await startBenchServer(engine, clock);
  await loadBundledContent(server.deps);
  const [studied, holder] = await createLearners(server.deps, 2, 'studied');
  const built = await studyThroughApi(server.app, clock, studied!.token, HEAVY_STUDY, NOW);
  const authorization = `Bearer ${studied!.token}`;
  const subjects = (await (await fetch(`${server.url}/api/v1/assignments?started=true`, { headers: { authorization } })).json()) as {
    data: { data: { subject_id: number } }[];
  };
  const materials: number[] = [];
  for (const [i, a] of subjects.data.slice(0, STUDY_MATERIALS).entries()) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/study_materials',
      headers: { authorization, 'content-type': 'application/json' },
      payload: { subject_id: a.data.subject_id, meaning_note: `note ${i}`, meaning_synonyms: [`synonym ${i}`] },
    });
    materials.push((created.json() as { id: number }).id);
  }
  await settle(server.deps);
  console.log(
    `${engine}: built through the API in ${built.seconds} s: level ${built.level}, ${built.assignments} assignments, ${built.lessons} lessons, ${built.reviews} reviews (${built.wrong} wrong) over ${HEAVY_STUDY.days} days`,
  );

  const headers = { authorization };
  printRow('GET /dashboard, learner built through the API, one request alone (median)', engine, {
    ms: await aloneMs(`${server.url}/api/v1/dashboard`, headers),
    load: load1(),
  });
  const dashboard = await loadElsewhere({
    url: `${server.url}/api/v1/dashboard`,
    method: 'GET',
    connections: 8,
    duration: DURATION_S,
    variants: [{ headers }],
  });
  printRow('GET /dashboard, learner built through the API (c=8)', engine, {
    'req/s': dashboard.rps,
    'p50 ms': dashboard.p50,
    'p99 ms': dashboard.p99,
    errors: dashboard.errors + dashboard.non2xx,
    load: load1(),
  });

  // Warm: a client syncing again data that has not changed (the learner page memo serves kept pages).
  // Cold: every page read and written whole, as after a restart: the same database through a
  // server keeping neither pages nor rows. The first sync after a write is measured below.
  const cold = await startSiblingServer(server, { LEARNER_PAGE_CACHE_MB: '0', LEARNER_ROW_CACHE_MB: '0' });
  for (const collection of ['/api/v1/assignments', '/api/v1/review_statistics', '/api/v1/study_materials']) {
    const paths = await collectionPaths(server.url, authorization, collection);
    const captured = new Map<string, Captured>();
    for (const path of paths) captured.set(path, await capture(server.url, path, headers));
    const limit = await startLimitServer(captured);
    for (const [kind, url] of [
      ['warm', server.url],
      ['cold', cold.url],
    ] as const) {
      const figures = await syncAgainstLimit(url, limit.url, paths, headers, DURATION_S);
      printSyncRow(`full sync of ${collection.slice('/api/v1'.length)} (${kind}), learner built through the API`, engine, figures);
    }
    await limit.close();
  }
  await cold.close();
  let notes = 0;
  // The learner's write between syncs: one study material changed through the API.
  const changeNote = async (): Promise<void> => {
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/study_materials/${materials[notes % materials.length]}`,
      headers: { authorization, 'content-type': 'application/json' },
      payload: { meaning_note: `changed ${notes}` },
    });
    if (res.statusCode !== 200) throw new Error(`study material change answered ${res.statusCode}`);
    notes += 1;
  };
  await syncsAfterWrites(server, studied!.userId, headers, changeNote, AFTER_WRITE_ROUNDS, 'learner built through the API');

  const held = await assignEverySubject(server.deps, holder!.userId);
  await settle(server.deps);
  printRow(`GET /item_spread, learner holding every subject (${held}), one request alone (median)`, engine, {
    ms: await aloneMs(`${server.url}/api/v1/item_spread`, { authorization: `Bearer ${holder!.token}` }, 10),
    load: load1(),
  });
  printRow(`GET /dashboard, bulk learner holding every subject (${held}), one request alone (median)`, engine, {
    ms: await aloneMs(`${server.url}/api/v1/dashboard`, { authorization: `Bearer ${holder!.token}` }),
    load: load1(),
  });
  await server.close();
}
