import { expect, it } from 'vitest';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { radical } from '../support/factories.js';
import { learnerAt, lessonAt, reviewAt, setPreferences } from '../support/screens.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function daysStudied(app: TestApp, token: string) {
  const res = await app.get('/api/v1/days_studied', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describeEachEngine('GET /days_studied', (t) => {
  it('reads 0 and nulls for an account that never studied', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), [radical(1, 1)]);
    const body = await daysStudied(app, token);
    expect(body).toMatchObject({
      object: 'report',
      data_updated_at: null,
      data: { days: 0, first_studied_on: null, last_studied_on: null },
    });
  });

  it('counts distinct local days with a lesson started or a review, east of UTC on a half-hour offset', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-01T00:00:00.000Z', [radical(1, 1), radical(2, 1)], 'Asia/Kolkata');
    const a = await lessonAt(app, token, 1, '2026-11-03T18:00:00.000Z'); // Nov 3, 23:30 in Kolkata: a lesson only
    await reviewAt(app, token, a, '2026-11-03T18:45:00.000Z'); // Nov 4, 00:15
    await reviewAt(app, token, a, '2026-11-04T10:00:00.000Z'); // Nov 4 again
    await lessonAt(app, token, 2, '2026-11-09T18:29:00.000Z'); // Nov 9, 23:59
    app.clock.set('2026-11-21T10:30:00.000Z');
    const body = await daysStudied(app, token);
    expect(body.data).toEqual({ days: 3, first_studied_on: '2026-11-03', last_studied_on: '2026-11-09' });
    // data_updated_at is when the last day studied began, in the user's zone.
    expect(body.data_updated_at).toBe('2026-11-08T18:30:00.000Z');

    // The same instants in UTC: Nov 3 (twice) and Nov 4, Nov 9.
    await setPreferences(app, token, { timezone: null });
    expect((await daysStudied(app, token)).data).toEqual({ days: 3, first_studied_on: '2026-11-03', last_studied_on: '2026-11-09' });
    await setPreferences(app, token, { timezone: 'Pacific/Kiritimati' }); // UTC+14: Nov 4, Nov 4, Nov 5, Nov 10
    expect((await daysStudied(app, token)).data).toEqual({ days: 3, first_studied_on: '2026-11-04', last_studied_on: '2026-11-10' });
  });

  it('puts late evenings on the local day west of UTC, across the end of daylight saving', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-10-30T00:00:00.000Z', [radical(1, 1)], 'America/New_York');
    const a = await lessonAt(app, token, 1, '2026-11-01T03:30:00.000Z'); // Oct 31, 23:30 EDT
    await reviewAt(app, token, a, '2026-11-02T04:30:00.000Z'); // Nov 1, 23:30 EST (a 25-hour day)
    await reviewAt(app, token, a, '2026-11-02T05:00:00.000Z'); // Nov 2, 00:00 EST
    app.clock.set('2026-11-03T12:00:00.000Z');
    const body = await daysStudied(app, token);
    expect(body.data).toEqual({ days: 3, first_studied_on: '2026-10-31', last_studied_on: '2026-11-02' });
    expect(body.data_updated_at).toBe('2026-11-02T05:00:00.000Z');
  });

  it('answers 304 for the rest of the last day studied, and 200 once another day is studied', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-20T00:00:00.000Z', [radical(1, 1)]);
    const a = await lessonAt(app, token, 1, '2026-11-21T08:00:00.000Z');
    const first = await app.get('/api/v1/days_studied', token);
    expect(first.headers.etag).toBeDefined();
    expect(first.headers['last-modified']).toBe(new Date('2026-11-21T00:00:00.000Z').toUTCString());

    await reviewAt(app, token, a, '2026-11-21T23:59:00.000Z');
    const same = await app.get('/api/v1/days_studied', token, { 'if-none-match': first.headers.etag as string });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');
    const since = await app.get('/api/v1/days_studied', token, { 'if-modified-since': first.headers['last-modified'] as string });
    expect(since.statusCode).toBe(304);

    await reviewAt(app, token, a, '2026-11-22T00:00:00.000Z');
    const next = await app.get('/api/v1/days_studied', token, { 'if-none-match': first.headers.etag as string });
    expect(next.statusCode).toBe(200);
    expect(next.json().data).toEqual({ days: 2, first_studied_on: '2026-11-21', last_studied_on: '2026-11-22' });
    expect(
      (await app.get('/api/v1/days_studied', token, { 'if-modified-since': first.headers['last-modified'] as string })).statusCode,
    ).toBe(200);
  });

  it('needs a credential', async () => {
    expect((await t().get('/api/v1/days_studied')).statusCode).toBe(401);
  });
});
