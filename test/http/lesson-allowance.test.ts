import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/app.js';
import { radical } from '../support/factories.js';
import { learnerAt, lessonAt, setPreferences } from '../support/screens.js';

const RADICALS = Array.from({ length: 8 }, (_, i) => radical(i + 1, 1));

describeEachEngine('GET /lesson_allowance', (t) => {
  it('starts a new account at the least restrictive ceiling', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS);
    const res = await app.get('/api/v1/lesson_allowance', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      object: 'report',
      data_updated_at: '2026-11-21T10:30:00.000Z',
      data: { max: 100, started_today: 0, remaining: 100 },
    });
    expect(res.headers.etag).toBeUndefined();
  });

  it('counts every lesson started today, past the cap too, and never goes below zero', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS);
    await setPreferences(app, token, { preferences: { max_daily_lessons: 3 } });
    await lessonAt(app, token, 1, '2026-11-21T11:00:00.000Z');
    await lessonAt(app, token, 2, '2026-11-21T11:00:00.000Z');
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data).toEqual({ max: 3, started_today: 2, remaining: 1 });
    // A picker ignores the cap: the allowance reports it and stops at zero.
    for (const id of [3, 4, 5]) await lessonAt(app, token, id, '2026-11-21T12:00:00.000Z');
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data).toEqual({ max: 3, started_today: 5, remaining: 0 });
    await setPreferences(app, token, { preferences: { max_daily_lessons: 0 } });
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data).toEqual({ max: 0, started_today: 5, remaining: 0 });
  });

  it('reads an invalid stored ceiling as the default', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS);
    await setPreferences(app, token, { preferences: { max_daily_lessons: 500 } });
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.max).toBe(100);
  });

  it('resets at local midnight east of UTC on a half-hour offset (Asia/Kolkata, UTC+5:30)', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS, 'Asia/Kolkata');
    await lessonAt(app, token, 1, '2026-11-21T18:29:00.000Z'); // 23:59 on the 21st in Kolkata
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(1);
    await lessonAt(app, token, 2, '2026-11-21T18:30:00.000Z'); // 00:00 on the 22nd
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(1);
    // The same two lessons fall on one UTC day.
    await setPreferences(app, token, { timezone: null });
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(2);
  });

  it('resets at local midnight west of UTC (America/New_York), not at UTC midnight', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS, 'America/New_York');
    await lessonAt(app, token, 1, '2026-11-21T23:00:00.000Z'); // 18:00 on the 21st in New York
    app.clock.set('2026-11-22T04:59:00.000Z'); // 23:59 on the 21st: still the same local day
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(1);
    app.clock.set('2026-11-22T05:00:00.000Z'); // local midnight
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(0);
  });

  it('never shrinks /assignments or /summary', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', RADICALS);
    await setPreferences(app, token, { preferences: { max_daily_lessons: 1 } });
    await lessonAt(app, token, 1, '2026-11-21T11:00:00.000Z');
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.remaining).toBe(0);
    expect((await app.get('/api/v1/assignments?immediately_available_for_lessons', token)).json().total_count).toBe(7);
    expect((await app.get('/api/v1/summary', token)).json().data.lessons[0].subject_ids).toHaveLength(7);
  });

  it('needs a credential', async () => {
    expect((await t().get('/api/v1/lesson_allowance')).statusCode).toBe(401);
  });
});
