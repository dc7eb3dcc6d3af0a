import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { radical } from '../support/factories.js';
import { learnerAt, lessonAt, reviewAt, setPreferences } from '../support/screens.js';

/** Noon in Kolkata (UTC+5:30) of a local date. */
const kolkataNoon = (date: string) => `${date}T06:30:00.000Z`;

async function streak(app: TestApp, token: string, at: string) {
  app.clock.set(at);
  const res = await app.get('/api/v1/dashboard', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.study_streak;
}

/** A Kolkata learner who studies (a lesson, then reviews) at noon on each given local date. */
async function studyOn(app: TestApp, dates: string[], timezone = 'Asia/Kolkata') {
  const { token } = await learnerAt(app, '2026-10-01T00:00:00.000Z', [radical(1, 1)], timezone);
  const [first, ...rest] = dates;
  const assignment = await lessonAt(app, token, 1, kolkataNoon(first!));
  for (const date of rest) await reviewAt(app, token, assignment, kolkataNoon(date));
  return token;
}

const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${String(from + i).padStart(2, '0')}`);

// Weeks run Monday to Sunday: 2026-11-16 is a Monday, 2026-11-21 (T0) a Saturday.
describeEachEngine('GET /dashboard study_streak', (t) => {
  it('forgives two missed days in a week; the third, even on the Sunday, breaks the streak', async () => {
    const app = t();
    // Thu 12 to Tue 17 studied, Wed 18 missed, Thu 19 studied, Fri 20 missed, Sat 21 studied.
    const token = await studyOn(app, [...days(12, 17), '2026-11-19', '2026-11-21']);
    expect(await streak(app, token, '2026-11-21T10:30:00.000Z')).toEqual({
      current: 8,
      best: 8,
      studied_today: true,
      offerings: 0,
      today: '2026-11-21',
      recent_days: [false, false, false, false, true, true, true, true, true, true, false, true, false, true],
    });
    // Sunday, not studied yet: today is not over, so not missed.
    expect(await streak(app, token, kolkataNoon('2026-11-22'))).toMatchObject({
      current: 8,
      best: 8,
      studied_today: false,
      offerings: 0,
      today: '2026-11-22',
    });
    // Monday: Sunday was the week's third missed day. The new week starts with two offerings.
    expect(await streak(app, token, kolkataNoon('2026-11-23'))).toMatchObject({
      current: 0,
      best: 8,
      studied_today: false,
      offerings: 2,
      today: '2026-11-23',
    });
  });

  it('does not carry missed days across the week boundary; the third in the new week breaks it', async () => {
    const app = t();
    // Mon 16 to Fri 20 studied; Sat 21, Sun 22 and Mon 23 missed; Tue 24 studied.
    const token = await studyOn(app, [...days(16, 20), '2026-11-24']);
    expect(await streak(app, token, kolkataNoon('2026-11-24'))).toMatchObject({ current: 6, best: 6, studied_today: true, offerings: 1 });
    // Wed 25 missed too: the week's second, still forgiven.
    expect(await streak(app, token, kolkataNoon('2026-11-26'))).toMatchObject({ current: 6, studied_today: false, offerings: 0 });
    // Thu 26 missed: the third of this week breaks it.
    expect(await streak(app, token, kolkataNoon('2026-11-27'))).toMatchObject({ current: 0, best: 6, studied_today: false, offerings: 0 });
  });

  it('starts over after a break and keeps the best', async () => {
    const app = t();
    // Mon 9 to Wed 11 studied; Thu 12 to Sun 15 missed (breaks); Mon 16 and Tue 17 studied.
    const token = await studyOn(app, [...days(9, 11), '2026-11-16', '2026-11-17']);
    expect(await streak(app, token, kolkataNoon('2026-11-17'))).toMatchObject({ current: 2, best: 3, studied_today: true, offerings: 2 });
  });

  it('counts the local day: just after midnight in Kolkata is the next day, not the UTC one', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-01T00:00:00.000Z', [radical(1, 1)], 'Asia/Kolkata');
    const assignment = await lessonAt(app, token, 1, kolkataNoon('2026-11-21'));
    await reviewAt(app, token, assignment, '2026-11-22T18:45:00.000Z'); // Monday 23, 00:15 in Kolkata; Sunday 22 in UTC
    const kolkata = await streak(app, token, '2026-11-22T19:00:00.000Z');
    expect(kolkata).toMatchObject({ current: 2, studied_today: true, offerings: 2, today: '2026-11-23' });
    expect(kolkata.recent_days.slice(-3)).toEqual([true, false, true]);
    await setPreferences(app, token, { timezone: null });
    const utc = await streak(app, token, '2026-11-22T19:00:00.000Z');
    expect(utc).toMatchObject({ current: 2, studied_today: true, offerings: 2, today: '2026-11-22' });
    expect(utc.recent_days.slice(-3)).toEqual([false, true, true]);
  });

  it('runs the week in the zone across the end of daylight saving, west of UTC (America/New_York)', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-10-20T00:00:00.000Z', [radical(1, 1)], 'America/New_York');
    // Every day from Mon Oct 26 to Mon Nov 2 at 00:30 local time: 04:30Z under EDT, 05:30Z under EST.
    const assignment = await lessonAt(app, token, 1, '2026-10-26T04:30:00.000Z');
    for (const day of ['2026-10-27', '2026-10-28', '2026-10-29', '2026-10-30', '2026-10-31', '2026-11-01'])
      await reviewAt(app, token, assignment, `${day}T04:30:00.000Z`);
    await reviewAt(app, token, assignment, '2026-11-02T05:30:00.000Z');
    const today = await streak(app, token, '2026-11-02T17:00:00.000Z');
    expect(today).toEqual({
      current: 8,
      best: 8,
      studied_today: true,
      offerings: 2,
      today: '2026-11-02',
      recent_days: [...Array(6).fill(false), ...Array(8).fill(true)],
    });
    // Sunday Nov 1 (25 hours long) ends at 05:00Z: a minute before, it is still Sunday and studied.
    expect(await streak(app, token, '2026-11-02T04:59:00.000Z')).toMatchObject({ today: '2026-11-01', studied_today: true, current: 7 });
  });

  it('reads zeros and two offerings before any study', async () => {
    const app = t();
    const { token } = await learnerAt(app, '2026-11-18T00:00:00.000Z', [radical(1, 1)], 'Asia/Kolkata');
    expect(await streak(app, token, kolkataNoon('2026-11-21'))).toEqual({
      current: 0,
      best: 0,
      studied_today: false,
      offerings: 2,
      today: '2026-11-21',
      recent_days: Array(14).fill(false),
    });
  });
});
