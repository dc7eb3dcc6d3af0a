import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, testConfig, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { assignmentIdOf, learnerAt, lessonAt, reviewAt, setPreferences } from '../support/screens.js';
import { burn, pass, review, startSubject } from '../support/study.js';

const CONTENT = [radical(1, 1), radical(2, 1), kanji(10, 1, [1, 2]), vocabulary(20, 1, [10]), radical(3, 2), kanji(11, 2, [3])];

/**
 * The dashboard keeps what it reads over a learner's whole history (days studied, stage counts,
 * the level's progress, critical items, the review schedule...) per change stamp, and GET
 * /item_spread is kept with the learner's pages. After every kind of change, each answer must be
 * the one a server without the memos gives: a second app over the same database, with both off,
 * answers at the same instant; what both work out by the clock from kept rows (the review periods, today's
 * lessons) is also compared with the routes that read it by statement. Each step reads the
 * dashboard before the change too, so the memo holds the old figures when the change comes.
 */
async function stampOf(app: TestApp, userId: number): Promise<number> {
  const row = await app.deps.db.kysely.selectFrom('users').select('change_stamp').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.change_stamp);
}

describeEachEngine('the dashboard history memo', (t) => {
  let unkept: FastifyInstance | undefined;
  afterEach(async () => {
    await unkept?.close();
    unkept = undefined;
  });

  async function withoutMemo(app: TestApp): Promise<FastifyInstance> {
    unkept ??= await buildApp({
      ...app.deps,
      config: testConfig(app.testDb.databaseUrl, { HISTORY_MEMO_LEARNERS: '0', LEARNER_PAGE_CACHE_MB: '0', STORED_PAGES_MB: '0' }),
    });
    return unkept;
  }

  /** GET `path` from the app (memo on, read twice so the second answer comes from the memo) and from the app without it: equal bodies. */
  async function sameAsWithoutMemo(app: TestApp, token: string, path = '/api/v1/dashboard') {
    const plain = await (await withoutMemo(app)).inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    expect(plain.statusCode, plain.body).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const kept = await app.get(path, token);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.json()).toEqual(plain.json());
    }
    const data = plain.json().data;
    if (path === '/api/v1/dashboard') {
      await sameAsStatements(app, token, data);
      // GET /item_spread is kept with the learner's pages (same key and content version).
      await sameBytesAsWithoutMemo(app, token, '/api/v1/item_spread');
    }
    return data;
  }

  async function sameBytesAsWithoutMemo(app: TestApp, token: string, path: string) {
    const plain = await (await withoutMemo(app)).inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
    expect(plain.statusCode, plain.body).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      const kept = await app.get(path, token);
      expect(kept.statusCode, kept.body).toBe(200);
      expect(kept.body).toBe(plain.body);
    }
  }

  /**
   * The figures both apps work out from kept rows by the clock (the periods' reviews, today's
   * lessons) must be what the routes that read them by statement answer at the same instant.
   */
  async function sameAsStatements(app: TestApp, token: string, dashboard: Record<string, { period?: string }>) {
    for (const field of ['correct_percentage', 'reviews_completed']) {
      const stats = await app.get(`/api/v1/review_stats?period=${dashboard[field]!.period}`, token);
      expect(stats.statusCode, stats.body).toBe(200);
      expect(dashboard[field], field).toEqual(stats.json().data);
    }
    const allowance = await app.get('/api/v1/lesson_allowance', token);
    expect(allowance.statusCode, allowance.body).toBe(200);
    expect(dashboard.lesson_allowance).toEqual(allowance.json().data);
  }

  it('answers as without the memo after a lesson, reviews, a level-up, a zone change, a day passing, a vacation and a content change', async () => {
    const app = t();
    const { token, userId } = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    await sameAsWithoutMemo(app, token);

    // A lesson start: the stage counts, the days studied and the level's started items move.
    await startSubject(app, token, 1);
    expect((await sameAsWithoutMemo(app, token)).item_spread.apprentice.radical).toBe(1);

    // A review, wrong, an hour later.
    app.clock.advance(HOUR_MS);
    await review(app, token, await assignmentIdOf(app, token, 1), 1);
    expect((await sameAsWithoutMemo(app, token)).reviews.available).toBe(0);

    // Hours passing with no write: the review comes due, leaves the forecast, and the schedule read
    // for one hour serves it until the next.
    const seen = new Set<number>();
    for (let step = 0; step < 10; step += 1) {
      app.clock.advance(37 * MINUTE_MS);
      const data = await sameAsWithoutMemo(app, token);
      seen.add(data.reviews.available);
    }
    expect([...seen].sort()).toEqual([0, 1]);

    // Passes: the level's passed counts, then a level-up (the level progress is another level's).
    await pass(app, token, 1);
    await pass(app, token, 2);
    expect((await sameAsWithoutMemo(app, token)).level_progress.radicals.passed).toBe(2);
    await pass(app, token, 10);
    expect((await sameAsWithoutMemo(app, token)).level).toBe(2);

    // A day passing, with no write: today and the streak move, the days studied are kept.
    app.clock.advance(DAY_MS);
    const nextDay = await sameAsWithoutMemo(app, token);
    expect(nextDay.study_streak.studied_today).toBe(false);
    await startSubject(app, token, 3);
    expect((await sameAsWithoutMemo(app, token)).days_studied.days).toBe(2);
    await sameAsWithoutMemo(app, token, '/api/v1/days_studied');

    // A zone far enough away moves the local days of the study.
    await setPreferences(app, token, { timezone: 'Pacific/Kiritimati' });
    await sameAsWithoutMemo(app, token);
    await sameAsWithoutMemo(app, token, '/api/v1/days_studied');

    // A vacation and its end.
    expect((await app.put('/api/v1/vacation', token, { active: true })).statusCode).toBe(200);
    await sameAsWithoutMemo(app, token);
    app.clock.advance(3 * DAY_MS);
    expect((await app.put('/api/v1/vacation', token, { active: false })).statusCode).toBe(200);
    await sameAsWithoutMemo(app, token);

    // Content changes: a subject of the learner's level withdrawn and another added (an import
    // stamps every learner then), and a subject moved to the level by a write outside the import:
    // no learner's stamp moves, the content version does.
    await seedSubjects(app.deps, [radical(3, 2, { hidden: true }), radical(4, 2)]);
    expect((await sameAsWithoutMemo(app, token)).level_progress.radicals.total).toBe(1);
    const stamp = await stampOf(app, userId);
    await app.deps.db.kysely.updateTable('subjects').set({ level: 2 }).where('id', '=', 20).execute();
    expect(await stampOf(app, userId)).toBe(stamp);
    expect((await sameAsWithoutMemo(app, token)).level_progress.vocabulary.total).toBe(1);
  });

  it('answers as without the memo while the recent lists and lessons waiting age with no write', async () => {
    const app = t();
    const { token } = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    await burn(app, token, 1);
    // The lists are kept when read: every later answer is cut from them by the clock alone.
    const first = await sameAsWithoutMemo(app, token);
    expect(first.extra_study.recent_lessons.total).toBe(1);
    expect(first.extra_study.burned_items.total).toBe(1);
    expect(first.recently_burned).toHaveLength(1);
    expect(first.recently_unlocked.length).toBeGreaterThan(0);
    expect(first.lessons.available).toBe(1);

    // Recent lessons reach back a day, the recent unlocks and burns thirty: each leaves at its
    // boundary, and burned items stay.
    const recentLessons = new Set<number>();
    const unlocked = new Set<number>();
    const burned = new Set<number>();
    for (let step = 0; step < 18; step += 1) {
      app.clock.advance(step < 6 ? 5 * HOUR_MS : 3 * DAY_MS);
      const data = await sameAsWithoutMemo(app, token);
      recentLessons.add(data.extra_study.recent_lessons.total);
      unlocked.add(data.recently_unlocked.length);
      burned.add(data.recently_burned.length);
      expect(data.extra_study.burned_items.total).toBe(1);
      expect(data.lessons.available).toBe(first.lessons.available);
    }
    expect([...recentLessons].sort()).toEqual([0, 1]);
    expect(unlocked.has(0)).toBe(true);
    expect([...burned].sort()).toEqual([0, 1]);
  });

  it('answers as without the memo while reviews and lessons cross the edges of the periods and of today', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-03-02T09:00:00.000Z', CONTENT, 'America/New_York');
    await startSubject(app, token, 1);
    const assignmentId = await assignmentIdOf(app, token, 1);
    // Reviews a few minutes apart, inside activity slots and on their edges, right and wrong.
    for (const [at, incorrect] of [
      ['2026-03-02T09:07:00.000Z', 0],
      ['2026-03-02T09:14:59.999Z', 1],
      ['2026-03-02T09:15:00.000Z', 0],
      ['2026-03-02T09:22:30.000Z', 0],
    ] as const) {
      await reviewAt(app, token, assignmentId, at, incorrect);
    }
    const reviewed = Date.parse('2026-03-02T09:15:00.000Z');
    // Every kind of period, then steps of a few minutes with no write: the rolling windows' start
    // passes the reviews a week later (and the window before it two weeks later), today ends.
    for (const [periods, around] of [
      [{ correct_percentage_period: 'past_7_days', reviews_completed_period: 'today' }, reviewed + 7 * DAY_MS],
      [{ correct_percentage_period: 'past_7_days', reviews_completed_period: 'past_7_days' }, reviewed + 14 * DAY_MS],
      [{ correct_percentage_period: 'this_month', reviews_completed_period: 'all_time' }, reviewed + 7 * DAY_MS],
    ] as const) {
      app.clock.set(new Date(reviewed + 10 * MINUTE_MS).toISOString());
      await setPreferences(app, token, { preferences: periods });
      await sameAsWithoutMemo(app, token);
      app.clock.set(new Date(around - 31 * MINUTE_MS).toISOString());
      const seen = new Set<number>();
      for (let step = 0; step < 12; step += 1) {
        app.clock.advance(step === 5 ? 1 : 5 * MINUTE_MS + 1);
        const data = await sameAsWithoutMemo(app, token);
        seen.add(data.correct_percentage.current.reviews + 10 * data.correct_percentage.previous.reviews);
      }
      if (periods.correct_percentage_period === 'past_7_days') expect(seen.size).toBeGreaterThan(2);
    }
    // Local midnight in New York: today's lessons and reviews end.
    app.clock.set('2026-03-03T04:40:00.000Z');
    await setPreferences(app, token, { preferences: { reviews_completed_period: 'today' } });
    await lessonAt(app, token, 2, '2026-03-03T04:52:00.000Z');
    await reviewAt(app, token, assignmentId, '2026-03-03T04:53:00.000Z');
    for (let step = 0; step < 6; step += 1) {
      app.clock.advance(3 * MINUTE_MS);
      await sameAsWithoutMemo(app, token);
    }
  });

  it('answers for a new account, never from the figures of a deleted one that had its id, stamp and creation instant', async () => {
    const app = t();
    const gone = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    await startSubject(app, gone.token, 1);
    await startSubject(app, gone.token, 2);
    expect((await sameAsWithoutMemo(app, gone.token)).item_spread.apprentice.radical).toBe(2);
    const goneStamp = await stampOf(app, gone.userId);

    // The database emptied (SQLite gives the id again), the clock back at the same instant, and
    // as many writes: the new account has the id and the stamp the deleted one had.
    await app.testDb.reset();
    const again = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    await startSubject(app, again.token, 1);
    await setPreferences(app, again.token, { timezone: 'Europe/Paris' });
    if (app.engine === 'sqlite') expect(again.userId).toBe(gone.userId);
    expect(await stampOf(app, again.userId)).toBe(goneStamp);
    expect((await sameAsWithoutMemo(app, again.token)).item_spread.apprentice.radical).toBe(1);
  });

  it('answers as without the memo when only what was written since the last answer is read, for every kind of write', async () => {
    const app = t();
    const { token } = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    // Every step reads first, so the kept copies hold the previous stamp's rows when the write comes.
    const step = async () => {
      await sameAsWithoutMemo(app, token);
      await sameAsWithoutMemo(app, token, '/api/v1/days_studied');
    };
    await step();
    await startSubject(app, token, 1);
    await step();
    await startSubject(app, token, 2);
    await step();

    // A review now, then one sent late, dated back (an offline queue): its activity slot opens
    // among older ones, so the days studied are read whole.
    app.clock.advance(3 * DAY_MS);
    await review(app, token, await assignmentIdOf(app, token, 2), 0);
    await step();
    const late = await app.post('/api/v1/reviews', token, {
      assignment_id: await assignmentIdOf(app, token, 1),
      incorrect_meaning_answers: 1,
      incorrect_reading_answers: 0,
      created_at: new Date(app.clock.now() - 2 * DAY_MS).toISOString(),
    });
    expect(late.statusCode, late.body).toBe(201);
    expect((await sameAsWithoutMemo(app, token, '/api/v1/days_studied')).days).toBe(3);
    await step();

    // Passes up to a level-up (new lessons unlocked: new rows), then a burn.
    for (const subject of [1, 2, 10]) {
      await pass(app, token, subject);
      await step();
    }
    expect((await sameAsWithoutMemo(app, token)).level).toBe(2);
    await burn(app, token, 1);
    expect((await sameAsWithoutMemo(app, token)).item_spread.burned.radical).toBe(1);
    await step();

    // The burn manager: a burned item back to apprentice, another retired.
    for (const body of [
      { action: 'resurrect', subject_ids: [1] },
      { action: 'retire', subject_ids: [2] },
    ]) {
      expect((await app.post('/api/v1/burn_manager', token, body)).statusCode).toBe(200);
      await step();
    }

    // Hours passing with no write (the schedule is read per hour), then a vacation and its end.
    for (let i = 0; i < 4; i += 1) {
      app.clock.advance(47 * MINUTE_MS);
      await step();
    }
    expect((await app.put('/api/v1/vacation', token, { active: true })).statusCode).toBe(200);
    await step();
    app.clock.advance(2 * DAY_MS);
    expect((await app.put('/api/v1/vacation', token, { active: false })).statusCode).toBe(200);
    await step();

    // A content import hiding a started subject, then showing it again.
    await seedSubjects(app.deps, [radical(2, 1, { hidden: true })]);
    expect((await sameAsWithoutMemo(app, token)).item_spread.burned.radical).toBe(0);
    await step();
    await seedSubjects(app.deps, [radical(2, 1)]);
    await step();
  });

  it('answers as without the memo while the critical items and the level progress move, each read after the state before it', async () => {
    const app = t();
    // More radicals than the list shows, and a kanji and a vocabulary of the level built on them.
    const radicals = Array.from({ length: 16 }, (_, i) => radical(i + 1, 1));
    const { token } = await learnerAt(app, new Date(T0).toISOString(), [
      ...radicals,
      kanji(30, 1, [1, 2]),
      vocabulary(40, 1, [30]),
      radical(50, 2),
    ]);
    const critical = async () =>
      ((await sameAsWithoutMemo(app, token)).critical_items as { subject: { id: number } }[]).map((c) => c.subject.id);
    await sameAsWithoutMemo(app, token);
    for (const { id } of radicals) await startSubject(app, token, id);
    await sameAsWithoutMemo(app, token);

    // One wrong answer each, one subject a write: each enters the list at 50%, twelve shown, ties by subject.
    for (const { id } of radicals) {
      await review(app, token, await assignmentIdOf(app, token, id), 1);
      await critical();
    }
    expect(await critical()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Two right answers take a subject out (75% is not below), letting the next in.
    for (const id of [1, 2, 3]) {
      for (let i = 0; i < 2; i += 1) await review(app, token, await assignmentIdOf(app, token, id), 0);
      await critical();
    }
    expect(await critical()).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);

    // The worst item, burned: out of the list though still below; back when resurrected, out when retired.
    for (let i = 0; i < 9; i += 1) await review(app, token, await assignmentIdOf(app, token, 16), 3);
    expect((await critical())[0]).toBe(16);
    await burn(app, token, 16);
    expect(await critical()).not.toContain(16);
    expect((await sameAsWithoutMemo(app, token)).level_progress.radicals.passed).toBe(1);
    for (const action of ['resurrect', 'retire']) {
      expect((await app.post('/api/v1/burn_manager', token, { action, subject_ids: [16] })).statusCode).toBe(200);
      expect((await critical()).includes(16)).toBe(action === 'resurrect');
    }

    // A content import hiding a critical subject (its statistic is hidden), then showing it again.
    await seedSubjects(app.deps, [radical(4, 1, { hidden: true })]);
    expect(await critical()).not.toContain(4);
    expect((await sameAsWithoutMemo(app, token)).level_progress.radicals.total).toBe(15);
    await seedSubjects(app.deps, [radical(4, 1)]);
    expect(await critical()).toContain(4);

    // Passes move the level's counts (the kanji unlocks on the way), then the kanji's pass levels up.
    await pass(app, token, 1);
    await pass(app, token, 2);
    expect((await sameAsWithoutMemo(app, token)).level_progress.radicals.passed).toBe(3);
    await pass(app, token, 30);
    const levelled = await sameAsWithoutMemo(app, token);
    expect([levelled.level, levelled.level_progress.radicals.total]).toEqual([2, 1]);
    await pass(app, token, 40);
    await critical();
  });

  it('keeps each learner apart', async () => {
    const app = t();
    const { token } = await learnerAt(app, new Date(T0).toISOString(), CONTENT);
    const bob = await createLearner(app.deps, 'bob');
    await startSubject(app, token, 1);
    await sameAsWithoutMemo(app, token);
    expect((await sameAsWithoutMemo(app, bob.token)).item_spread.apprentice.radical).toBe(0);
  });
});
