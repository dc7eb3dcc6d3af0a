import { expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { radical } from '../support/factories.js';
import { learnerAt, lessonAt, reviewAt, setPreferences } from '../support/screens.js';

const iso = (ms: number) => new Date(ms).toISOString();
const RADICALS = [radical(1, 1), radical(2, 1)];
const EMPTY = { reviews: 0, correct: 0, percentage: null };

async function stats(app: TestApp, token: string, query = '') {
  const res = await app.get(`/api/v1/review_stats${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A learner with two lessons started long before the reviews the test posts. */
async function reviewer(app: TestApp, timezone?: string) {
  const learner = await learnerAt(app, '2025-06-01T00:00:00.000Z', RADICALS, timezone);
  const a = await lessonAt(app, learner.token, 1, '2025-06-01T00:00:00.000Z');
  const b = await lessonAt(app, learner.token, 2, '2025-06-01T00:00:00.000Z');
  return { token: learner.token, a, b };
}

describeEachEngine('GET /review_stats', (t) => {
  it('compares the past 7 days with the 7 before by default; percentage is null, not 0, without reviews', async () => {
    const app = t();
    const { token, a, b } = await reviewer(app);
    app.clock.set(iso(T0));
    expect(await stats(app, token)).toEqual({ period: 'past_7_days', current: EMPTY, previous: EMPTY });

    await reviewAt(app, token, a, iso(T0 - 10 * DAY_MS), 0); // previous window, right first time
    await reviewAt(app, token, b, iso(T0 - 9 * DAY_MS), 2); // previous window, wrong first
    for (const [i, wrong] of [0, 0, 1].entries()) await reviewAt(app, token, a, iso(T0 - (3 - i) * DAY_MS), wrong);
    app.clock.set(iso(T0));
    const res = await app.get('/api/v1/review_stats', token);
    expect(res.json()).toMatchObject({ object: 'report', data_updated_at: iso(T0) });
    expect(res.headers.etag).toBeUndefined();
    expect(res.json().data).toEqual({
      period: 'past_7_days',
      current: { reviews: 3, correct: 2, percentage: 67 },
      previous: { reviews: 2, correct: 1, percentage: 50 },
    });
  });

  it('counts rolling windows exactly, to the millisecond, inside activity slots', async () => {
    const app = t();
    const { token, a } = await reviewer(app);
    const at = T0 - 7 * DAY_MS + 7 * MINUTE_MS + 123; // mid-slot
    await reviewAt(app, token, a, iso(at), 0);
    await reviewAt(app, token, a, iso(T0 - 3 * MINUTE_MS), 0);
    // At now = at + 7 days the first review has just left the current window for the previous one.
    app.clock.set(iso(at + 7 * DAY_MS - 1));
    expect(await stats(app, token)).toMatchObject({ current: { reviews: 2 }, previous: { reviews: 0 } });
    app.clock.set(iso(at + 7 * DAY_MS));
    expect(await stats(app, token)).toMatchObject({ current: { reviews: 1 }, previous: { reviews: 1 } });
    // A review stamped exactly now counts.
    await reviewAt(app, token, a, iso(at + 7 * DAY_MS), 0);
    expect(await stats(app, token)).toMatchObject({ current: { reviews: 2 } });
    expect(await stats(app, token, '?period=past_28_days')).toEqual({
      period: 'past_28_days',
      current: { reviews: 3, correct: 3, percentage: 100 },
      previous: EMPTY,
    });
    app.clock.set(iso(at + 365 * DAY_MS));
    expect(await stats(app, token, '?period=past_365_days')).toMatchObject({ current: { reviews: 2 }, previous: { reviews: 1 } });
  });

  it('starts today at local midnight east of UTC on a half-hour offset (Asia/Kolkata)', async () => {
    const app = t();
    const { token, a } = await reviewer(app, 'Asia/Kolkata');
    await reviewAt(app, token, a, '2026-11-20T18:29:59.999Z', 0); // 23:59:59.999 on the 20th in Kolkata
    await reviewAt(app, token, a, '2026-11-20T18:30:00.000Z', 1); // midnight of the 21st
    app.clock.set('2026-11-21T18:29:00.000Z');
    expect(await stats(app, token, '?period=today')).toEqual({
      period: 'today',
      current: { reviews: 1, correct: 0, percentage: 0 },
      previous: { reviews: 1, correct: 1, percentage: 100 },
    });
    // In UTC both fall on the 20th: yesterday.
    await setPreferences(app, token, { timezone: null });
    expect(await stats(app, token, '?period=today')).toMatchObject({ current: { reviews: 0 }, previous: { reviews: 2 } });
  });

  it('starts this month on the 1st west of UTC, across the end of daylight saving (America/New_York)', async () => {
    const app = t();
    const { token, a } = await reviewer(app, 'America/New_York');
    await reviewAt(app, token, a, '2026-10-01T03:59:00.000Z', 0); // Sep 30, 23:59 EDT
    await reviewAt(app, token, a, '2026-10-01T04:00:00.000Z', 0); // Oct 1, 00:00 EDT
    await reviewAt(app, token, a, '2026-11-01T03:59:00.000Z', 0); // Oct 31, 23:59 EDT
    await reviewAt(app, token, a, '2026-11-01T04:00:00.000Z', 0); // Nov 1, 00:00 EDT (DST ends at 02:00)
    await reviewAt(app, token, a, '2026-11-02T04:30:00.000Z', 0); // Nov 1, 23:30 EST
    app.clock.set('2026-11-21T12:00:00.000Z');
    expect(await stats(app, token, '?period=this_month')).toMatchObject({ current: { reviews: 2 }, previous: { reviews: 2 } });
    // In UTC, November starts four hours earlier and holds the last three; October the first two.
    await setPreferences(app, token, { timezone: 'UTC' });
    expect(await stats(app, token, '?period=this_month')).toMatchObject({ current: { reviews: 3 }, previous: { reviews: 2 } });
  });

  it('starts this year on January 1st in the zone; all_time has no previous window', async () => {
    const app = t();
    const { token, a } = await reviewer(app, 'Asia/Kolkata');
    await reviewAt(app, token, a, '2025-12-31T18:29:00.000Z', 0); // Dec 31 in Kolkata
    await reviewAt(app, token, a, '2025-12-31T18:31:00.000Z', 1); // Jan 1, 2026 in Kolkata
    app.clock.set('2026-11-21T12:00:00.000Z');
    expect(await stats(app, token, '?period=this_year')).toMatchObject({
      current: { reviews: 1, correct: 0 },
      previous: { reviews: 1, correct: 1 },
    });
    expect(await stats(app, token, '?period=all_time')).toEqual({
      period: 'all_time',
      current: { reviews: 2, correct: 1, percentage: 50 },
      previous: EMPTY,
    });
  });

  it('rejects an unknown period with 422; an empty one is the default', async () => {
    const app = t();
    const { token } = await reviewer(app);
    for (const query of ['?period=past_week', '?period=ALL_TIME', '?period=%20today']) {
      const res = await app.get(`/api/v1/review_stats${query}`, token);
      expect(res.statusCode, query).toBe(422);
      expect(res.json()).toEqual({
        error: 'period must be one of: today, past_7_days, this_month, past_28_days, this_year, past_365_days, all_time.',
        code: 422,
      });
    }
    const repeated = await app.get('/api/v1/review_stats?period=today&period=all_time', token);
    expect(repeated.statusCode).toBe(422);
    expect((await stats(app, token, '?period=')).period).toBe('past_7_days');
    expect((await app.get('/api/v1/review_stats')).statusCode).toBe(401);
  });
});
