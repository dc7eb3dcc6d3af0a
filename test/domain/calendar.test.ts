import { describe, expect, it } from 'vitest';
import {
  dayNumberDate,
  dayStartsAt,
  localDayNumber,
  offsetSpans,
  weekStartOf,
  zoneOffsetMs,
} from '../../src/domain/calendar/day-numbers.js';
import { heatMapDays, heatMapRange } from '../../src/domain/calendar/heat-map.js';
import { correctPercentage, periodWindows } from '../../src/domain/calendar/periods.js';
import { studyStreak } from '../../src/domain/calendar/streak.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';

const at = (text: string) => Date.parse(text);
const day = (date: string) => Math.round(at(`${date}T00:00:00Z`) / DAY_MS);
const dates = (...list: string[]) => list.map(day);

describe('local day numbers', () => {
  it('reads zone offsets, half hours, DST and historical seconds included', () => {
    expect(zoneOffsetMs(at('2026-11-21T10:30:00Z'), 'UTC')).toBe(0);
    expect(zoneOffsetMs(at('2026-11-21T10:30:00Z'), 'Asia/Kolkata')).toBe(5 * HOUR_MS + 30 * MINUTE_MS);
    expect(zoneOffsetMs(at('2026-11-01T05:59:00Z'), 'America/New_York')).toBe(-4 * HOUR_MS);
    expect(zoneOffsetMs(at('2026-11-01T06:00:00Z'), 'America/New_York')).toBe(-5 * HOUR_MS);
    expect(zoneOffsetMs(at('2026-01-10T00:00:00Z'), 'Australia/Lord_Howe')).toBe(11 * HOUR_MS); // DST moves it by half an hour
    expect(zoneOffsetMs(at('2026-07-10T00:00:00Z'), 'Australia/Lord_Howe')).toBe(10 * HOUR_MS + 30 * MINUTE_MS);
    expect(zoneOffsetMs(at('1900-01-01T00:00:00Z'), 'Europe/Dublin')).toBe(-(25 * MINUTE_MS + 21 * 1000)); // Dublin mean time
  });

  it('answers a repeated lookup as the first, either side of a change, in any order (offsets are kept per second)', () => {
    const change = at('2026-11-01T06:00:00Z');
    const lookups: [number, number][] = [
      [change + 500, -5 * HOUR_MS],
      [change, -5 * HOUR_MS],
      [change - 1, -4 * HOUR_MS],
      [change - 1000, -4 * HOUR_MS],
      [change + 999, -5 * HOUR_MS],
      [change - 999, -4 * HOUR_MS],
    ];
    for (let round = 0; round < 2; round += 1)
      for (const [instant, offset] of lookups) expect(zoneOffsetMs(instant, 'America/New_York'), String(instant)).toBe(offset);
  });

  it('names the local date of an instant and the instant a local day starts', () => {
    expect(dayNumberDate(localDayNumber(at('2026-11-21T18:29:59.999Z'), 'Asia/Kolkata'))).toBe('2026-11-21');
    expect(dayNumberDate(localDayNumber(at('2026-11-21T18:30:00Z'), 'Asia/Kolkata'))).toBe('2026-11-22');
    expect(dayNumberDate(localDayNumber(at('2026-11-02T04:59:00Z'), 'America/New_York'))).toBe('2026-11-01');
    expect(dayStartsAt(day('2026-11-01'), 'America/New_York')).toBe(at('2026-11-01T04:00:00Z'));
    expect(dayStartsAt(day('2026-11-02'), 'America/New_York')).toBe(at('2026-11-02T05:00:00Z'));
    expect(dayStartsAt(day('2026-11-22'), 'Asia/Kolkata')).toBe(at('2026-11-21T18:30:00Z'));
    // Chile skips midnight when DST starts: the day begins at 01:00.
    expect(dayStartsAt(day('2026-09-06'), 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
  });

  it('runs weeks Monday to Sunday', () => {
    expect(dayNumberDate(weekStartOf(day('2026-11-21')))).toBe('2026-11-16');
    expect(dayNumberDate(weekStartOf(day('2026-11-16')))).toBe('2026-11-16');
    expect(dayNumberDate(weekStartOf(day('2026-11-22')))).toBe('2026-11-16');
    expect(dayNumberDate(weekStartOf(day('2026-11-23')))).toBe('2026-11-23');
    expect(dayNumberDate(weekStartOf(day('1969-12-31')))).toBe('1969-12-29');
  });

  it('splits a range into spans of constant offset, each change pinned to the millisecond', () => {
    const from = at('2026-01-01T00:00:00Z');
    const until = at('2027-01-01T00:00:00Z');
    expect(offsetSpans(from, until, 'America/New_York')).toEqual([
      { from, until: at('2026-03-08T07:00:00Z'), offsetMs: -5 * HOUR_MS },
      { from: at('2026-03-08T07:00:00Z'), until: at('2026-11-01T06:00:00Z'), offsetMs: -4 * HOUR_MS },
      { from: at('2026-11-01T06:00:00Z'), until, offsetMs: -5 * HOUR_MS },
    ]);
    expect(offsetSpans(from, until, 'Asia/Kolkata')).toEqual([{ from, until, offsetMs: 5 * HOUR_MS + 30 * MINUTE_MS }]);
    // Chile falls back across midnight: 00:00 on April 5 becomes 23:00 on April 4 again.
    expect(offsetSpans(at('2026-04-04T00:00:00Z'), at('2026-04-06T00:00:00Z'), 'America/Santiago').map((s) => s.until)).toEqual([
      at('2026-04-05T03:00:00Z'),
      at('2026-04-06T00:00:00Z'),
    ]);
    // A range shorter than a day still finds its change.
    expect(offsetSpans(at('2026-11-01T05:59:00Z'), at('2026-11-01T06:01:00Z'), 'America/New_York')).toHaveLength(2);
    expect(offsetSpans(from, from + 1, 'UTC')).toEqual([{ from, until: from + 1, offsetMs: 0 }]);
  });
});

describe('period windows', () => {
  const now = at('2026-11-21T10:30:00Z');

  it('counts rolling periods back from now in 24-hour days, in any zone', () => {
    for (const zone of ['UTC', 'America/New_York']) {
      expect(periodWindows('past_7_days', now, zone)).toEqual({
        current: { from: now + 1 - 7 * DAY_MS, until: now + 1 },
        previous: { from: now + 1 - 14 * DAY_MS, until: now + 1 - 7 * DAY_MS },
      });
    }
    expect(periodWindows('past_365_days', now, 'UTC').previous).toEqual({ from: now + 1 - 730 * DAY_MS, until: now + 1 - 365 * DAY_MS });
  });

  it('starts calendar periods at local midnight, the 1st and January 1st; the window before is the whole previous one', () => {
    expect(periodWindows('today', now, 'Asia/Kolkata')).toEqual({
      current: { from: at('2026-11-20T18:30:00Z'), until: now + 1 },
      previous: { from: at('2026-11-19T18:30:00Z'), until: at('2026-11-20T18:30:00Z') },
    });
    // October in New York ends on EDT, November starts on it and turns EST on the 1st.
    expect(periodWindows('this_month', now, 'America/New_York')).toEqual({
      current: { from: at('2026-11-01T04:00:00Z'), until: now + 1 },
      previous: { from: at('2026-10-01T04:00:00Z'), until: at('2026-11-01T04:00:00Z') },
    });
    // The day after the change is 25 hours long.
    expect(periodWindows('today', at('2026-11-02T12:00:00Z'), 'America/New_York').previous).toEqual({
      from: at('2026-11-01T04:00:00Z'),
      until: at('2026-11-02T05:00:00Z'),
    });
    expect(periodWindows('this_year', now, 'America/New_York')).toEqual({
      current: { from: at('2026-01-01T05:00:00Z'), until: now + 1 },
      previous: { from: at('2025-01-01T05:00:00Z'), until: at('2026-01-01T05:00:00Z') },
    });
    expect(periodWindows('all_time', now, 'UTC')).toEqual({ current: { from: 0, until: now + 1 }, previous: null });
  });

  it('rounds the percentage and has none without reviews', () => {
    expect(correctPercentage(0, 0)).toBeNull();
    expect(correctPercentage(3, 2)).toBe(67);
    expect(correctPercentage(8, 1)).toBe(13);
    expect(correctPercentage(5, 0)).toBe(0);
  });
});

describe('study streak', () => {
  // 2026-11-16 is a Monday.
  const cases: [string, string[], string, { current: number; best: number; offerings: number; studiedToday: boolean }][] = [
    ['nothing studied', [], '2026-11-21', { current: 0, best: 0, offerings: 2, studiedToday: false }],
    [
      'every day of the week',
      ['2026-11-16', '2026-11-17', '2026-11-18'],
      '2026-11-18',
      { current: 3, best: 3, offerings: 2, studiedToday: true },
    ],
    [
      'today not yet studied keeps the run',
      ['2026-11-16', '2026-11-17'],
      '2026-11-18',
      { current: 2, best: 2, offerings: 2, studiedToday: false },
    ],
    ['one missed day forgiven', ['2026-11-16', '2026-11-18'], '2026-11-18', { current: 2, best: 2, offerings: 1, studiedToday: true }],
    ['two missed days forgiven', ['2026-11-16', '2026-11-19'], '2026-11-19', { current: 2, best: 2, offerings: 0, studiedToday: true }],
    ['the third breaks it', ['2026-11-16', '2026-11-20'], '2026-11-20', { current: 1, best: 1, offerings: 0, studiedToday: true }],
    [
      'misses on either side of Monday do not add up',
      ['2026-11-20', '2026-11-24'],
      '2026-11-24',
      { current: 2, best: 2, offerings: 1, studiedToday: true },
    ],
    ['nothing is missed before the first study', ['2026-11-20'], '2026-11-20', { current: 1, best: 1, offerings: 2, studiedToday: true }],
    [
      'a broken streak keeps the best',
      ['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-16'],
      '2026-11-16',
      { current: 1, best: 3, offerings: 2, studiedToday: true },
    ],
    [
      'study after today is ignored',
      ['2026-11-16', '2026-11-30'],
      '2026-11-17',
      { current: 1, best: 1, offerings: 2, studiedToday: false },
    ],
  ];
  for (const [name, studied, today, expected] of cases) {
    it(name, () => {
      expect(studyStreak(dates(...studied), day(today))).toMatchObject({ ...expected, today: day(today) });
    });
  }

  it('flags the 14 days ending today, oldest first', () => {
    const { recentDays } = studyStreak(dates('2026-11-07', '2026-11-08', '2026-11-20', '2026-11-21'), day('2026-11-21'));
    expect(recentDays).toEqual([true, ...Array(11).fill(false), true, true]);
  });
});

describe('heat map range', () => {
  const now = at('2026-11-21T10:30:00Z');

  it('spans whole months and years in the zone with an English label', () => {
    expect(heatMapRange('month', 0, now, 'Asia/Kolkata')).toEqual({
      view: 'month',
      offset: 0,
      firstDay: day('2026-11-01'),
      lastDay: day('2026-11-30'),
      start: at('2026-10-31T18:30:00Z'),
      end: at('2026-11-30T18:30:00Z'),
      label: 'November 2026',
    });
    expect(heatMapRange('month', 12, now, 'UTC')).toMatchObject({
      firstDay: day('2025-11-01'),
      lastDay: day('2025-11-30'),
      label: 'November 2025',
    });
    expect(heatMapRange('month', 9, now, 'UTC')).toMatchObject({
      firstDay: day('2026-02-01'),
      lastDay: day('2026-02-28'),
      label: 'February 2026',
    });
    expect(heatMapRange('year', 1, now, 'America/New_York')).toMatchObject({
      firstDay: day('2025-01-01'),
      lastDay: day('2025-12-31'),
      start: at('2025-01-01T05:00:00Z'),
      end: at('2026-01-01T05:00:00Z'),
      label: '2025',
    });
    // Late on December 31 in UTC is already January 1 in Kolkata.
    expect(heatMapRange('year', 0, at('2026-12-31T20:00:00Z'), 'Asia/Kolkata').label).toBe('2027');
  });

  it('lists every day of the range, empty ones as zeros', () => {
    const range = heatMapRange('month', 0, now, 'UTC');
    const days = heatMapDays(range, [
      { day: day('2026-11-03'), reviews: 4, lessons: 1 },
      { day: day('2026-10-31'), reviews: 9, lessons: 9 },
    ]);
    expect(days).toHaveLength(30);
    expect(days[2]).toEqual({ day: day('2026-11-03'), reviews: 4, lessons: 1 });
    expect(days.filter((d) => d.reviews + d.lessons > 0)).toHaveLength(1);
  });
});
