import { moveLearnerStamps } from '../src/db/learner-writes.js';
import type { Deps } from '../src/services/deps.js';
import { DAY_MS, HOUR_MS, floorToHour } from '../src/shared/time.js';
import { benchEngines, load, machine, printRow, startBenchServer } from './lib/harness.js';
import { createLearners, loadBundledContent, replaceAssignments, settle, type SeededAssignment } from './lib/seed.js';

/**
 * GET /unlockable for a learner at level 30 of the bundled curriculum. Levels 1-29 are passed (the
 * older ones burned); on level 30 the radicals are started and climbing, and every kanji and
 * vocabulary whose components have passed is started too, so no lesson is pending. What is still
 * locked on level 30 with all its components started is the tranche: each candidate needs its
 * components' projection. Seeded by bulk insert; time is fixed at NOW.
 */
const NOW = Date.parse('2026-11-21T10:30:00.000Z');
const LEVEL = 30;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function seedLevel30(deps: Deps, userId: number): Promise<{ assigned: number; locked: number }> {
  const db = deps.db.kysely;
  const rnd = random(30);
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'object', 'level'])
    .where('hidden_at', 'is', null)
    .where('level', '<=', LEVEL)
    .orderBy('level')
    .orderBy('id')
    .execute();
  const links = await db.selectFrom('subject_components').select(['subject_id', 'component_id']).execute();
  const componentsOf = new Map<number, number[]>();
  for (const l of links) componentsOf.set(l.subject_id, [...(componentsOf.get(l.subject_id) ?? []), l.component_id]);

  const passed = new Set<number>();
  const rows: SeededAssignment[] = [];
  // Radicals before kanji before vocabulary, so a level-30 subject sees its components' state.
  const order = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'];
  const sorted = [...subjects].sort((a, b) => a.level - b.level || order.indexOf(a.object) - order.indexOf(b.object) || a.id - b.id);
  for (const s of sorted) {
    const opened = NOW - (LEVEL - s.level + 1) * 9 * DAY_MS;
    const started = opened + HOUR_MS;
    let stage: number;
    if (s.level < LEVEL) stage = s.level <= 20 ? 9 : 5 + Math.floor(rnd() * 4);
    else if ((componentsOf.get(s.id) ?? []).every((c) => passed.has(c))) stage = 1 + Math.floor(rnd() * 4);
    else continue;
    if (stage >= 5) passed.add(s.id);
    rows.push({
      subject: s,
      stage,
      unlockedAt: opened,
      startedAt: started,
      passedAt: stage >= 5 ? started + 4 * DAY_MS : null,
      burnedAt: stage === 9 ? started + 150 * DAY_MS : null,
      // Some level-30 reviews are overdue, the rest due over the next days.
      availableAt: stage === 9 ? null : floorToHour(NOW + Math.floor((rnd() * 4 - 0.5) * DAY_MS)),
      updatedAt: started,
    });
  }
  await replaceAssignments(deps, userId, rows);
  for (let level = 2; level <= LEVEL; level += 1) {
    const at = NOW - (LEVEL - level + 1) * 9 * DAY_MS;
    await db
      .insertInto('level_progressions')
      .values({ user_id: userId, level, unlocked_at: at, started_at: at + HOUR_MS, created_at: at, updated_at: at })
      .execute();
  }
  await moveLearnerStamps(deps.db, [userId]);
  return { assigned: rows.length, locked: subjects.length - rows.length };
}

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine, { now: () => NOW });
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1, 'level30');
  const { assigned, locked } = await seedLevel30(server.deps, learner!.userId);
  await settle(server.deps);
  const headers = { authorization: `Bearer ${learner!.token}` };
  const url = `${server.url}/api/v1/unlockable`;
  const sample = (await (await fetch(url, { headers })).json()) as {
    data: { total: number; blocked: string | null; candidates: { unlocks_at: string | null }[] };
  };
  const projected = sample.data.candidates.filter((c) => c.unlocks_at !== null).length;
  console.log(
    `${engine}: ${assigned} assignments, ${locked} locked subjects up to level ${LEVEL}; tranche ${sample.data.total} candidates (${projected} projected), blocked ${sample.data.blocked}`,
  );

  for (const connections of [1, 4]) {
    const result = await load({ url, connections, duration: DURATION_S, headers });
    printRow(`GET /unlockable, level ${LEVEL}, ${sample.data.total} candidates (c=${connections})`, engine, {
      'req/s': result.rps,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors + result.non2xx,
    });
  }
  // One POST /advance opening that tranche (a write, so timed once rather than under load).
  const started = performance.now();
  const advanced = (await (await fetch(`${server.url}/api/v1/advance`, { method: 'POST', headers })).json()) as {
    data: { outcome: string; unlocked: number };
  };
  console.log(
    `${engine}: POST /advance ${advanced.data.outcome}, ${advanced.data.unlocked} unlocked in ${Math.round(performance.now() - started)} ms`,
  );
  const blocked = await load({ url, connections: 4, duration: Math.max(3, DURATION_S / 2), headers });
  printRow(`GET /unlockable, level ${LEVEL}, blocked by the new lessons (c=4)`, engine, {
    'req/s': blocked.rps,
    'p50 ms': blocked.p50,
    'p99 ms': blocked.p99,
    errors: blocked.errors + blocked.non2xx,
  });
  await server.close();
}
