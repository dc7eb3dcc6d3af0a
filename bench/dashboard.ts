import { activitySlot } from '../src/domain/calendar/activity.js';
import { moveLearnerStamps } from '../src/db/learner-writes.js';
import { chunks } from '../src/shared/chunks.js';
import type { Deps } from '../src/services/deps.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, floorToHour } from '../src/shared/time.js';
import { readsAfterWrites } from './lib/after-write.js';
import { benchEngines, load1, loadElsewhere, machine, printRow, SettableClock, startBenchServer } from './lib/harness.js';
import { createLearners, loadBundledContent, replaceAssignments, settle } from './lib/seed.js';
import { HEAVY_STUDY, studyThroughApi } from './lib/study-rounds.js';

/**
 * GET /dashboard for a heavy learner: every subject of the bundled curriculum assigned (level 60,
 * most of it burned), two years of study with about 100,000 reviews in daily sessions, and the
 * matching activity slots and review statistics, all bulk-inserted. Then the other screens once
 * each under the same load. Time is fixed at NOW so the history sits where the windows look.
 *
 * Then the first reads after a write, as a learner makes them after a session (bench/lib/after-write.ts):
 * one review or one lesson, then GET /dashboard and GET /item_spread, for this learner and for one
 * built through the API (bench/lib/study-rounds.ts, BENCH_STUDY_DAYS). `BENCH_AFTER_WRITE_ONLY=1`
 * runs only those.
 */
const NOW = Date.parse('2026-11-21T10:30:00.000Z');
const HISTORY_DAYS = 730;
const TARGET_REVIEWS = Number(process.env.BENCH_REVIEWS ?? 100_000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const TIMEZONE = 'America/New_York';
const AFTER_WRITE_ONLY = process.env.BENCH_AFTER_WRITE_ONLY === '1';

/** A small deterministic generator: the same history on every run and engine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface Row {
  id: number;
  subjectId: number;
  type: string;
  level: number;
  stage: number;
  startedAt: number | null;
}

/** Stage by level for a learner who has reached level 60: old levels burned, recent ones climbing. */
function stageFor(level: number, rnd: () => number): number {
  if (level <= 44) return rnd() < 0.9 ? 9 : 8;
  if (level <= 52) return 8;
  if (level <= 56) return 7;
  if (level <= 58) return rnd() < 0.5 ? 5 : 6;
  if (level === 59) return 1 + Math.floor(rnd() * 4);
  return rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 4);
}

/** The first review session at or after `at` (lessons are taken in sessions too), else an hour ago. */
function sessionAtOrAfter(times: readonly number[], at: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return times[lo] ?? NOW - HOUR_MS;
}

async function seedAssignments(deps: Deps, userId: number, times: readonly number[], rnd: () => number): Promise<Row[]> {
  const db = deps.db.kysely;
  const start = NOW - HISTORY_DAYS * DAY_MS;
  const subjects = await db
    .selectFrom('subjects')
    .select(['id', 'object', 'level'])
    .where('hidden_at', 'is', null)
    .orderBy('level')
    .orderBy('id')
    .execute();
  const levelOpens = (level: number) => start + Math.floor(((level - 1) / 60) * (HISTORY_DAYS - 10) * DAY_MS);
  const values = subjects.map((s) => {
    const stage = stageFor(s.level, rnd);
    const unlockedAt = levelOpens(s.level) + Math.floor(rnd() * 5 * DAY_MS);
    const startedAt = stage === 0 ? null : sessionAtOrAfter(times, unlockedAt + Math.floor(rnd() * 3 * DAY_MS));
    const due = stage === 0 || stage === 9 ? null : floorToHour(NOW + Math.floor((rnd() * 30 - 0.02 * 30) * DAY_MS * (stage / 8)));
    return {
      subject: s,
      stage,
      unlockedAt,
      startedAt,
      passedAt: stage >= 5 && startedAt !== null ? startedAt + 10 * DAY_MS : null,
      burnedAt: stage === 9 && startedAt !== null ? Math.min(startedAt + 200 * DAY_MS, NOW - DAY_MS) : null,
      availableAt: due,
      updatedAt: startedAt ?? unlockedAt,
    };
  });
  await replaceAssignments(deps, userId, values);
  for (let level = 2; level <= 60; level += 1) {
    await db
      .insertInto('level_progressions')
      .values({ user_id: userId, level, unlocked_at: levelOpens(level), created_at: levelOpens(level), updated_at: levelOpens(level) })
      .execute();
  }
  await db
    .updateTable('users')
    .set({ timezone: TIMEZONE, updated_at: NOW - DAY_MS })
    .where('id', '=', userId)
    .execute();
  const rows = await db
    .selectFrom('assignments')
    .select(['id', 'subject_id', 'subject_type', 'subject_level', 'srs_stage', 'started_at'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subject_id,
    type: r.subject_type,
    level: r.subject_level,
    stage: r.srs_stage,
    startedAt: r.started_at,
  }));
}

/** Review instants: most days studied, one to three sessions a day of a few minutes to an hour. */
function reviewTimes(rnd: () => number): number[] {
  const times: number[] = [];
  const perDay = TARGET_REVIEWS / (HISTORY_DAYS * 0.92);
  for (let d = HISTORY_DAYS; d >= 0 && times.length < TARGET_REVIEWS; d -= 1) {
    if (rnd() > 0.92) continue;
    const sessions = 1 + Math.floor(rnd() * 3);
    const count = Math.round(perDay * (0.5 + rnd()));
    for (let s = 0; s < sessions; s += 1) {
      const sessionStart = NOW - d * DAY_MS - 14 * HOUR_MS + Math.floor(rnd() * 12 * HOUR_MS);
      const length = 5 * MINUTE_MS + Math.floor(rnd() * 55 * MINUTE_MS);
      for (let i = 0; i < count / sessions; i += 1) times.push(Math.min(sessionStart + Math.floor(rnd() * length), NOW - MINUTE_MS));
    }
  }
  return times.slice(0, TARGET_REVIEWS).sort((a, b) => a - b);
}

async function seedHistory(deps: Deps, userId: number, rows: Row[], times: readonly number[], rnd: () => number): Promise<number> {
  const db = deps.db.kysely;
  const started = rows.filter((r) => r.startedAt !== null).sort((a, b) => a.startedAt! - b.startedAt!);
  const slots = new Map<number, { reviews: number; correct: number; lessons: number }>();
  const slotOf = (at: number) => {
    const key = activitySlot(at);
    let slot = slots.get(key);
    if (!slot) slots.set(key, (slot = { reviews: 0, correct: 0, lessons: 0 }));
    return slot;
  };
  for (const r of started) slotOf(r.startedAt!).lessons += 1;

  const stats = new Map<number, { row: Row; right: number; wrong: number }>();
  const reviews = [];
  let available = 0;
  for (const at of times) {
    while (available < started.length && started[available]!.startedAt! < at) available += 1;
    if (available === 0) continue;
    const row = started[Math.floor(rnd() * available)]!;
    const wrong = rnd() < 0.15 ? 1 + Math.floor(rnd() * 3) : 0;
    const stage = Math.max(1, Math.min(8, row.stage));
    reviews.push({
      user_id: userId,
      assignment_id: row.id,
      subject_id: row.subjectId,
      subject_type: row.type,
      created_at: at,
      starting_srs_stage: stage,
      ending_srs_stage: wrong ? Math.max(1, stage - 1) : Math.min(9, stage + 1),
      incorrect_meaning_answers: wrong,
      incorrect_reading_answers: 0,
      correct: wrong ? 0 : 1,
      spaced_repetition_system_id: row.level <= 2 ? 2 : 1,
      hidden: 0,
      updated_at: at,
    });
    const slot = slotOf(at);
    slot.reviews += 1;
    slot.correct += wrong ? 0 : 1;
    const stat = stats.get(row.subjectId) ?? { row, right: 0, wrong: 0 };
    stat.right += 1;
    stat.wrong += wrong;
    stats.set(row.subjectId, stat);
  }
  for (const part of chunks(reviews, 500)) await db.insertInto('reviews').values(part).execute();
  const activity = [...slots].map(([slot, c]) => ({ user_id: userId, slot, ...c }));
  for (const part of chunks(activity, 1000)) await db.insertInto('study_activity').values(part).execute();
  const statistics = [...stats.values()].map(({ row, right, wrong }) => ({
    user_id: userId,
    subject_id: row.subjectId,
    subject_type: row.type,
    meaning_correct: right,
    meaning_incorrect: wrong,
    meaning_max_streak: right,
    meaning_current_streak: 1,
    reading_correct: 0,
    reading_incorrect: 0,
    reading_max_streak: 0,
    reading_current_streak: 0,
    percentage_correct: Math.round((100 * right) / (right + wrong)),
    hidden: 0,
    created_at: row.startedAt!,
    updated_at: NOW - DAY_MS,
  }));
  for (const part of chunks(statistics, 500)) await db.insertInto('review_statistics').values(part).execute();
  await moveLearnerStamps(deps.db, [userId]);
  return reviews.length;
}

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const clock = new SettableClock(NOW);
  const server = await startBenchServer(engine, clock);
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1, 'heavy');
  const rnd = random(20261121);
  const times = reviewTimes(rnd);
  const rows = await seedAssignments(server.deps, learner!.userId, times, rnd);
  const reviewCount = await seedHistory(server.deps, learner!.userId, rows, times, rnd);
  await settle(server.deps);
  const headers = { authorization: `Bearer ${learner!.token}` };
  const sample = (await (await fetch(`${server.url}/api/v1/dashboard`, { headers })).json()) as {
    data: { reviews: { available: number }; days_studied: { days: number } };
  };
  const slots = await server.deps.db.kysely
    .selectFrom('study_activity')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(
    `${engine}: ${rows.length} assignments, ${reviewCount} reviews, ${Number(slots.n)} activity slots, ${sample.data.days_studied.days} days studied, ${sample.data.reviews.available} reviews waiting`,
  );

  for (const connections of AFTER_WRITE_ONLY ? [] : [1, 4, 8]) {
    const result = await loadElsewhere({
      url: `${server.url}/api/v1/dashboard`,
      method: 'GET',
      connections,
      duration: DURATION_S,
      variants: [{ headers }],
    });
    printRow(`GET /dashboard, heavy learner (c=${connections})`, engine, {
      'req/s': result.rps,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors + result.non2xx,
      load: load1(),
    });
  }
  for (const path of AFTER_WRITE_ONLY
    ? []
    : ['/review_stats?period=all_time', '/days_studied', '/heat_map?view=year', '/item_spread', '/lesson_allowance']) {
    const result = await loadElsewhere({
      url: `${server.url}/api/v1${path}`,
      method: 'GET',
      connections: 1,
      duration: Math.max(3, DURATION_S / 2),
      variants: [{ headers }],
    });
    printRow(`GET ${path}, heavy learner (c=1)`, engine, {
      'req/s': result.rps,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors + result.non2xx,
      load: load1(),
    });
  }

  for (const write of ['review', 'lesson'] as const)
    await readsAfterWrites(server.url, learner!.token, clock, engine, 'bulk heavy learner', write);
  const [studied] = await createLearners(server.deps, 1, 'studied');
  const built = await studyThroughApi(server.app, clock, studied!.token, HEAVY_STUDY, NOW);
  await settle(server.deps);
  const name = `learner built through the API (level ${built.level}, ${built.assignments} assignments, ${built.reviews} reviews)`;
  for (const write of ['review', 'lesson'] as const) await readsAfterWrites(server.url, studied!.token, clock, engine, name, write);
  await server.close();
}
