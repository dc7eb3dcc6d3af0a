import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { radical } from '../support/factories.js';
import { learnerAt, lessonAt, reviewAt } from '../support/screens.js';

interface Day {
  day: string;
  reviews: number;
  lessons: number;
}

async function heatMap(app: TestApp, token: string, query = '') {
  const res = await app.get(`/api/v1/heat_map${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const nonEmpty = (days: Day[]) => days.filter((d) => d.reviews + d.lessons > 0);

describeEachEngine('GET /heat_map', (t) => {
  it('covers every day of the current month by default, empty days included', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-01T00:00:00.000Z', [radical(1, 1), radical(2, 1)]);
    const a = await lessonAt(app, token, 1, '2026-11-02T09:00:00.000Z');
    await lessonAt(app, token, 2, '2026-11-02T09:10:00.000Z');
    await reviewAt(app, token, a, '2026-11-02T20:00:00.000Z');
    await reviewAt(app, token, a, '2026-11-20T07:00:00.000Z');
    await reviewAt(app, token, a, '2026-11-20T07:01:00.000Z');
    app.clock.set('2026-11-21T10:30:00.000Z');
    const res = await app.get('/api/v1/heat_map', token);
    expect(res.headers.etag).toBeUndefined();
    const body = res.json();
    expect(body).toMatchObject({ object: 'report', data_updated_at: '2026-11-21T10:30:00.000Z' });
    expect(body.data).toMatchObject({ view: 'month', offset: 0, from: '2026-11-01', to: '2026-11-30', label: 'November 2026' });
    expect(body.data.days).toHaveLength(30);
    expect(body.data.days[0]).toEqual({ day: '2026-11-01', reviews: 0, lessons: 0 });
    expect(body.data.days[29]).toEqual({ day: '2026-11-30', reviews: 0, lessons: 0 });
    expect(body.data.days.map((d: Day) => d.day)).toEqual(
      Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`),
    );
    expect(nonEmpty(body.data.days)).toEqual([
      { day: '2026-11-02', reviews: 1, lessons: 2 },
      { day: '2026-11-20', reviews: 2, lessons: 0 },
    ]);
  });

  it('reaches back whole months and years; the year view covers every day of the year', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2025-12-01T00:00:00.000Z', [radical(1, 1)]);
    const a = await lessonAt(app, token, 1, '2025-12-31T23:59:00.000Z');
    await reviewAt(app, token, a, '2026-01-01T00:00:00.000Z');
    app.clock.set('2026-11-21T10:30:00.000Z');
    const december = await heatMap(app, token, '?view=month&offset=11');
    expect(december.data).toMatchObject({ view: 'month', offset: 11, from: '2025-12-01', to: '2025-12-31', label: 'December 2025' });
    expect(nonEmpty(december.data.days)).toEqual([{ day: '2025-12-31', reviews: 0, lessons: 1 }]);
    expect((await heatMap(app, token, '?offset=1')).data).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });

    const year = await heatMap(app, token, '?view=year');
    expect(year.data).toMatchObject({ view: 'year', offset: 0, from: '2026-01-01', to: '2026-12-31', label: '2026' });
    expect(year.data.days).toHaveLength(365);
    expect(nonEmpty(year.data.days)).toEqual([{ day: '2026-01-01', reviews: 1, lessons: 0 }]);
    const last = await heatMap(app, token, '?view=year&offset=1');
    expect(last.data).toMatchObject({ from: '2025-01-01', to: '2025-12-31', label: '2025' });
    expect(nonEmpty(last.data.days)).toEqual([{ day: '2025-12-31', reviews: 0, lessons: 1 }]);
    expect((await heatMap(app, token, '?view=year&offset=120')).data).toMatchObject({ from: '1906-01-01', label: '1906' });
    expect((await heatMap(app, token, '?view=year&offset=2')).data.days).toHaveLength(366); // 2024, a leap year
    expect((await heatMap(app, token, '?view=year&offset=3')).data.days).toHaveLength(365);
    expect((await heatMap(app, token, '?view=month&offset=9')).data).toMatchObject({
      from: '2026-02-01',
      to: '2026-02-28',
      label: 'February 2026',
    });
  });

  it('buckets by local day east of UTC on a half-hour offset (Asia/Kolkata)', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-10-01T00:00:00.000Z', [radical(1, 1)], 'Asia/Kolkata');
    const a = await lessonAt(app, token, 1, '2026-10-31T18:29:00.000Z'); // Oct 31, 23:59
    await reviewAt(app, token, a, '2026-10-31T18:30:00.000Z'); // Nov 1, 00:00
    await reviewAt(app, token, a, '2026-11-30T18:30:00.000Z'); // Dec 1, 00:00
    app.clock.set('2026-11-30T18:00:00.000Z'); // Nov 30, 23:30 in Kolkata
    const body = await heatMap(app, token);
    expect(body.data).toMatchObject({ from: '2026-11-01', to: '2026-11-30', label: 'November 2026' });
    expect(nonEmpty(body.data.days)).toEqual([{ day: '2026-11-01', reviews: 1, lessons: 0 }]);
    expect(nonEmpty((await heatMap(app, token, '?offset=1')).data.days)).toEqual([{ day: '2026-10-31', reviews: 0, lessons: 1 }]);
  });

  it('buckets by local day west of UTC across the end of daylight saving (America/New_York)', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-10-01T00:00:00.000Z', [radical(1, 1)], 'America/New_York');
    const a = await lessonAt(app, token, 1, '2026-11-01T03:30:00.000Z'); // Oct 31, 23:30 EDT
    await reviewAt(app, token, a, '2026-11-01T05:30:00.000Z'); // Nov 1, 01:30 EDT
    await reviewAt(app, token, a, '2026-11-01T06:30:00.000Z'); // Nov 1, 01:30 EST, the repeated hour
    await reviewAt(app, token, a, '2026-11-02T04:59:00.000Z'); // Nov 1, 23:59 EST
    await reviewAt(app, token, a, '2026-11-02T05:00:00.000Z'); // Nov 2, 00:00 EST
    app.clock.set('2026-11-21T12:00:00.000Z');
    expect(nonEmpty((await heatMap(app, token)).data.days)).toEqual([
      { day: '2026-11-01', reviews: 3, lessons: 0 },
      { day: '2026-11-02', reviews: 1, lessons: 0 },
    ]);
    expect(nonEmpty((await heatMap(app, token, '?offset=1')).data.days)).toEqual([{ day: '2026-10-31', reviews: 0, lessons: 1 }]);
  });

  it('keeps the hour a zone repeats after falling back across midnight on the earlier day (America/Santiago)', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-04-01T00:00:00.000Z', [radical(1, 1)], 'America/Santiago');
    const a = await lessonAt(app, token, 1, '2026-04-05T02:45:00.000Z'); // Apr 4, 23:45 (UTC-3)
    await reviewAt(app, token, a, '2026-04-05T03:15:00.000Z'); // Apr 4, 23:15 again (UTC-4)
    await reviewAt(app, token, a, '2026-04-05T04:15:00.000Z'); // Apr 5, 00:15
    app.clock.set('2026-04-10T12:00:00.000Z');
    expect(nonEmpty((await heatMap(app, token)).data.days)).toEqual([
      { day: '2026-04-04', reviews: 1, lessons: 1 },
      { day: '2026-04-05', reviews: 1, lessons: 0 },
    ]);
    expect((await app.get('/api/v1/days_studied', token)).json().data).toEqual({
      days: 2,
      first_studied_on: '2026-04-04',
      last_studied_on: '2026-04-05',
    });
  });

  it('rejects a view other than month or year, and an offset that is not an integer from 0 to 120', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-21T10:30:00.000Z', [radical(1, 1)]);
    for (const view of ['week', 'Month', 'months']) {
      expect((await app.get(`/api/v1/heat_map?view=${view}`, token)).json()).toEqual({ error: 'view must be month or year.', code: 422 });
    }
    for (const offset of ['121', '-1', '1000000']) {
      expect((await app.get(`/api/v1/heat_map?offset=${offset}`, token)).json(), offset).toEqual({
        error: 'offset must be from 0 to 120.',
        code: 422,
      });
    }
    for (const offset of ['1.5', 'abc', '1e2', '0x10']) {
      expect((await app.get(`/api/v1/heat_map?offset=${offset}`, token)).json(), offset).toEqual({
        error: 'offset must be an integer.',
        code: 422,
      });
    }
    expect((await heatMap(app, token, '?view=&offset=')).data).toMatchObject({ view: 'month', offset: 0 });
    expect((await app.get('/api/v1/heat_map')).statusCode).toBe(401);
  });
});
