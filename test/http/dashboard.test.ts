import Fastify from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { DashboardReport } from '../../src/http/routes/dashboard/schema.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { kanaVocabulary, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { learnerAt, lessonAt, reviewAt, setPreferences } from '../support/screens.js';
import { burn, pass, review } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();
const T0_ISO = iso(T0);
const radicals = (count: number, extra = {}) => Array.from({ length: count }, (_, i) => radical(i + 1, 1, extra));
const EMPTY_WINDOW = { reviews: 0, correct: 0, percentage: null };
const ZERO_SPREAD = { radical: 0, kanji: 0, vocabulary: 0, total: 0 };

// The route writes its body as bytes (src/http/routes/dashboard/write.ts): they must be what the
// schema's serializer makes of the same report, every key in the schema's order and none other.
const schemaSerializer = Fastify();
let echoed: unknown;
schemaSerializer.get('/', { schema: { response: { 200: DashboardReport } } }, async () => echoed);
afterAll(() => schemaSerializer.close());

async function expectSchemaBytes(body: string): Promise<void> {
  echoed = JSON.parse(body);
  expect(body).toBe((await schemaSerializer.inject('/')).body);
}

async function dashboard(app: TestApp, token: string) {
  const res = await app.get('/api/v1/dashboard', token);
  expect(res.statusCode, res.body).toBe(200);
  await expectSchemaBytes(res.body);
  return res.json().data;
}

describeEachEngine('GET /dashboard', (t) => {
  it('has every field for a new account', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1), radical(2, 1), kanji(10, 1, [1]), radical(3, 2)]);
    const res = await app.get('/api/v1/dashboard', token);
    expect(res.statusCode).toBe(200);
    await expectSchemaBytes(res.body);
    expect(res.json()).toMatchObject({ object: 'report', url: 'http://study.test/api/v1/dashboard', data_updated_at: T0_ISO });
    expect(res.json().data).toEqual({
      username: 'alice',
      level: 1,
      lessons: { available: 2, subject_ids: [1, 2] },
      lesson_allowance: { max: 100, started_today: 0, remaining: 100 },
      vacation: { started_at: null, days_away: 0 },
      reviews: { available: 0, subject_ids: [] },
      forecast: [],
      level_progress: {
        level: 1,
        radicals: { passed: 0, total: 2 },
        kanji: { passed: 0, total: 1 },
        vocabulary: { passed: 0, total: 0 },
        kanji_to_level_up: 1,
      },
      item_spread: { apprentice: ZERO_SPREAD, guru: ZERO_SPREAD, master: ZERO_SPREAD, enlightened: ZERO_SPREAD, burned: ZERO_SPREAD },
      recent_mistakes: { count: 0, subject_ids: [] },
      extra_study: {
        recent_lessons: { remaining: 0, total: 0 },
        recent_mistakes: { remaining: 0, total: 0 },
        burned_items: { remaining: 0, total: 0 },
      },
      days_studied: { days: 0, first_studied_on: null, last_studied_on: null },
      study_streak: { current: 0, best: 0, studied_today: false, offerings: 2, today: '2026-11-21', recent_days: Array(14).fill(false) },
      correct_percentage: { period: 'past_7_days', current: EMPTY_WINDOW, previous: EMPTY_WINDOW },
      reviews_completed: { period: 'past_7_days', current: EMPTY_WINDOW, previous: EMPTY_WINDOW },
      item_spread_view: 'table',
      recent_mistakes_mode: 'list',
      hidden_widgets: [],
      recently_unlocked: [
        {
          subject: {
            id: 2,
            object: 'radical',
            data: {
              slug: 'radical-2',
              level: 1,
              characters: String.fromCodePoint(0x4e02),
              meanings: [{ meaning: 'radical 2', primary: true, accepted_answer: true }],
            },
          },
          at: T0_ISO,
        },
        {
          subject: {
            id: 1,
            object: 'radical',
            data: {
              slug: 'radical-1',
              level: 1,
              characters: String.fromCodePoint(0x4e01),
              meanings: [{ meaning: 'radical 1', primary: true, accepted_answer: true }],
            },
          },
          at: T0_ISO,
        },
      ],
      recently_burned: [],
      critical_items: [],
    });
  });

  it('sends an ETag that never matches, and Last-Modified of now', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    const first = await app.get('/api/v1/dashboard', token);
    expect(first.headers.etag).toBeDefined();
    expect(first.headers['last-modified']).toBe(new Date(T0).toUTCString());
    const again = await app.get('/api/v1/dashboard', token, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await app.get('/api/v1/dashboard', token, { 'if-modified-since': new Date(T0 + DAY_MS).toUTCString() })).statusCode).toBe(200);
    expect((await app.get('/api/v1/dashboard')).statusCode).toBe(401);
  });

  it('trims lessons to the allowance and lists what waits, with a 7-day forecast counting on from it', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T06:00:00.000Z', radicals(9));
    await lessonAt(app, token, 1, '2026-11-21T06:00:00.000Z'); // due 08:00: waiting at 10:30
    await lessonAt(app, token, 2, '2026-11-21T06:20:00.000Z'); // due 08:00
    await lessonAt(app, token, 3, T0_ISO); // due 12:00
    await lessonAt(app, token, 4, T0_ISO); // due 12:00
    await lessonAt(app, token, 5, '2026-11-21T11:10:00.000Z'); // due 13:00
    const six = await lessonAt(app, token, 6, '2026-11-21T11:10:00.000Z');
    for (let i = 0; i < 4; i += 1) await review(app, token, six); // stage 5 at 11:10: due 167 hours on, inside 7 days
    const seven = await lessonAt(app, token, 7, '2026-11-21T11:10:00.000Z');
    for (let i = 0; i < 5; i += 1) await review(app, token, seven); // stage 6: 335 hours on, beyond 7 days
    await setPreferences(app, token, { preferences: { max_daily_lessons: 8 } });
    app.clock.set('2026-11-21T11:30:00.000Z');
    const data = await dashboard(app, token);
    expect(data.lessons).toEqual({ available: 1, subject_ids: [8] });
    expect(data.lesson_allowance).toEqual({ max: 8, started_today: 7, remaining: 1 });
    expect(data.reviews).toEqual({ available: 2, subject_ids: [1, 2] });
    expect(data.forecast).toEqual([
      { available_at: '2026-11-21T12:00:00.000Z', count: 2, cumulative: 4 },
      { available_at: '2026-11-21T13:00:00.000Z', count: 1, cumulative: 5 },
      { available_at: iso(Date.parse('2026-11-21T11:00:00.000Z') + 167 * HOUR_MS), count: 1, cumulative: 6 },
    ]);
  });

  it('reads empty lessons, reviews and forecast on vacation; afterwards the shifted schedule counts by the hour', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T06:00:00.000Z', radicals(3));
    await lessonAt(app, token, 1, '2026-11-21T06:00:00.000Z'); // due 08:00
    await lessonAt(app, token, 2, '2026-11-21T10:29:00.000Z'); // due 12:00
    app.clock.set(T0_ISO);
    expect((await app.put('/api/v1/vacation', token, { active: true })).statusCode).toBe(200);
    const away = await dashboard(app, token);
    expect(away).toMatchObject({
      lessons: { available: 0, subject_ids: [] },
      reviews: { available: 0, subject_ids: [] },
      forecast: [],
      vacation: { started_at: T0_ISO, days_away: 0 },
      lesson_allowance: { max: 100, started_today: 2, remaining: 98 },
    });
    app.clock.advance(DAY_MS + 20 * MINUTE_MS);
    expect((await dashboard(app, token)).vacation).toEqual({ started_at: T0_ISO, days_away: 1 });
    await app.put('/api/v1/vacation', token, { active: false });
    const back = await dashboard(app, token);
    expect(back.reviews).toEqual({ available: 1, subject_ids: [1] });
    expect(back.lessons.subject_ids).toEqual([3]);
    // Due at 12:20 the next day: counted at the top of the hour after, never early.
    expect(back.forecast).toEqual([{ available_at: '2026-11-22T13:00:00.000Z', count: 1, cumulative: 2 }]);
  });

  it('shows the level progress with the kanji still needed to level up (90%, rounded up)', async () => {
    const app = t();
    const kanjiIds = Array.from({ length: 10 }, (_, i) => 10 + i);
    const { token } = await learnerAt(app, T0_ISO, [
      radical(1, 1),
      radical(2, 1),
      ...kanjiIds.map((id) => kanji(id, 1, [1])),
      kanji(40, 1, [1], { hidden: true }),
      vocabulary(20, 1, [10]),
      kanaVocabulary(30, 1),
    ]);
    expect((await dashboard(app, token)).level_progress).toEqual({
      level: 1,
      radicals: { passed: 0, total: 2 },
      kanji: { passed: 0, total: 10 },
      vocabulary: { passed: 0, total: 2 },
      kanji_to_level_up: 9,
    });
    await pass(app, token, 1);
    for (const id of kanjiIds.slice(0, 3)) await pass(app, token, id);
    await pass(app, token, 30);
    expect((await dashboard(app, token)).level_progress).toEqual({
      level: 1,
      radicals: { passed: 1, total: 2 },
      kanji: { passed: 3, total: 10 },
      vocabulary: { passed: 1, total: 2 },
      kanji_to_level_up: 6,
    });
  });

  it('lists recent mistakes of the last 24 hours, worst first, until a correct review', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, radicals(4));
    const ids = await Promise.all([1, 2, 3, 4].map((id) => lessonAt(app, token, id, T0_ISO)));
    await reviewAt(app, token, ids[0]!, T0_ISO, 1);
    await reviewAt(app, token, ids[1]!, iso(T0 + HOUR_MS), 3);
    await reviewAt(app, token, ids[2]!, iso(T0 + 2 * HOUR_MS), 0);
    await reviewAt(app, token, ids[3]!, iso(T0 + 3 * HOUR_MS), 1);
    let data = await dashboard(app, token);
    expect(data.recent_mistakes).toEqual({ count: 3, subject_ids: [2, 4, 1] });
    expect(data.extra_study.recent_mistakes).toEqual({ remaining: 3, total: 3 });
    await reviewAt(app, token, ids[3]!, iso(T0 + 4 * HOUR_MS), 0);
    expect((await dashboard(app, token)).recent_mistakes).toEqual({ count: 2, subject_ids: [2, 1] });
    app.clock.set(iso(T0 + DAY_MS + 30 * MINUTE_MS)); // subject 1's mistake is more than 24 hours old
    data = await dashboard(app, token);
    expect(data.recent_mistakes).toEqual({ count: 1, subject_ids: [2] });
  });

  it('lists recently unlocked, recently burned and critical items: newest or worst first, 12 at most, visible only', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, radicals(15));
    for (let id = 1; id <= 15; id += 1) {
      const assignment = await lessonAt(app, token, id, T0_ISO);
      await reviewAt(app, token, assignment, T0_ISO, id === 15 ? 3 : id === 14 ? 0 : 1); // 25%, 100%, 50%
    }
    let data = await dashboard(app, token);
    expect(data.recently_unlocked.map((x: { subject: { id: number } }) => x.subject.id)).toEqual([
      15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4,
    ]);
    expect(
      data.critical_items.map((x: { subject: { id: number }; percentage_correct: number }) => [x.subject.id, x.percentage_correct]),
    ).toEqual([[15, 25], ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((id) => [id, 50])]);
    expect(data.recently_burned).toEqual([]);

    app.clock.set(iso(T0 + HOUR_MS));
    await burn(app, token, 15);
    app.clock.set(iso(T0 + 2 * HOUR_MS));
    await burn(app, token, 14);
    await seedSubjects(app.deps, [radical(13, 1, { hidden: true })]);
    data = await dashboard(app, token);
    expect(data.recently_burned.map((x: { subject: { id: number }; at: string }) => [x.subject.id, x.at])).toEqual([
      [14, iso(T0 + 2 * HOUR_MS)],
      [15, iso(T0 + HOUR_MS)],
    ]);
    expect(data.recently_burned[0].subject.data).toMatchObject({ slug: 'radical-14', level: 1 });
    // A burned item is out of the cycle, and a withdrawn one is out of sight.
    expect(data.critical_items.map((x: { subject: { id: number } }) => x.subject.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(data.recently_unlocked.map((x: { subject: { id: number } }) => x.subject.id)).not.toContain(13);

    app.clock.set(iso(T0 + 30 * DAY_MS + 2 * HOUR_MS + 1)); // 30 days on: nothing recent any more
    data = await dashboard(app, token);
    expect(data.recently_unlocked).toEqual([]);
    expect(data.recently_burned).toEqual([]);
    expect(data.critical_items).toHaveLength(12);
  });

  it('computes correct_percentage and reviews_completed for the periods in the preferences and echoes the display preferences', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-01T00:00:00.000Z', radicals(2), 'Asia/Kolkata');
    const a = await lessonAt(app, token, 1, '2026-11-01T00:00:00.000Z');
    await reviewAt(app, token, a, '2026-11-10T00:00:00.000Z', 0);
    await reviewAt(app, token, a, '2026-11-20T18:31:00.000Z', 1); // Nov 21 in Kolkata: today
    await reviewAt(app, token, a, '2026-11-21T08:00:00.000Z', 0);
    app.clock.set(T0_ISO);
    await setPreferences(app, token, {
      preferences: {
        correct_percentage_period: 'today',
        reviews_completed_period: 'all_time',
        item_spread_view: 'graph',
        recent_mistakes_mode: 'flashcard',
        hidden_widgets: ['forecast', 'bogus', 'critical_items'],
      },
    });
    const data = await dashboard(app, token);
    expect(data.correct_percentage).toEqual({
      period: 'today',
      current: { reviews: 2, correct: 1, percentage: 50 },
      previous: EMPTY_WINDOW,
    });
    expect(data.reviews_completed).toEqual({
      period: 'all_time',
      current: { reviews: 3, correct: 2, percentage: 67 },
      previous: EMPTY_WINDOW,
    });
    expect(data).toMatchObject({
      item_spread_view: 'graph',
      recent_mistakes_mode: 'flashcard',
      hidden_widgets: ['forecast', 'critical_items'],
    });
    // all_time is not a correct_percentage period: it reads as the default.
    await setPreferences(app, token, { preferences: { correct_percentage_period: 'all_time' } });
    expect((await dashboard(app, token)).correct_percentage.period).toBe('past_7_days');
  });

  it('counts extra study sets and days studied', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-19T12:00:00.000Z', radicals(3));
    await lessonAt(app, token, 1, '2026-11-19T12:00:00.000Z');
    await lessonAt(app, token, 2, '2026-11-21T09:00:00.000Z');
    await lessonAt(app, token, 3, '2026-11-21T09:00:00.000Z');
    app.clock.set(T0_ISO);
    const data = await dashboard(app, token);
    expect(data.extra_study.recent_lessons).toEqual({ remaining: 2, total: 2 });
    expect(data.days_studied).toEqual({ days: 2, first_studied_on: '2026-11-19', last_studied_on: '2026-11-21' });
  });
});
