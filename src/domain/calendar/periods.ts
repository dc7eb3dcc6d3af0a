import { DateTime } from 'luxon';
import { DAY_MS } from '../../shared/time.js';
import type { Period } from '../preferences.js';

/** Instants [from, until). */
export interface Window {
  from: number;
  until: number;
}

/** A period's window and the one before it; `all_time` has none before it. */
export interface PeriodWindows {
  current: Window;
  previous: Window | null;
}

const ROLLING_DAYS = { past_7_days: 7, past_28_days: 28, past_365_days: 365 } as const;
const CALENDAR_UNITS = { today: 'day', this_month: 'month', this_year: 'year' } as const;

/**
 * The windows a period compares. Rolling periods are exact spans of N x 24 hours back from now, the
 * same in every zone; calendar periods start at local midnight, the 1st or January 1st in `zone`,
 * and the window before is the whole previous day, month or year (23 or 25 hours across DST).
 */
export function periodWindows(period: Period, now: number, zone: string): PeriodWindows {
  // The current window includes a review stamped exactly now.
  const until = now + 1;
  switch (period) {
    case 'past_7_days':
    case 'past_28_days':
    case 'past_365_days': {
      const span = ROLLING_DAYS[period] * DAY_MS;
      return { current: { from: until - span, until }, previous: { from: until - 2 * span, until: until - span } };
    }
    case 'today':
    case 'this_month':
    case 'this_year': {
      const unit = CALENDAR_UNITS[period];
      const start = DateTime.fromMillis(now, { zone }).startOf(unit);
      const before = start.minus({ [unit]: 1 });
      return { current: { from: start.toMillis(), until }, previous: { from: before.toMillis(), until: start.toMillis() } };
    }
    case 'all_time':
      return { current: { from: 0, until }, previous: null };
  }
}

/** Share answered right first time, as a whole percentage; null (not 0) with no reviews. */
export function correctPercentage(reviews: number, correct: number): number | null {
  return reviews === 0 ? null : Math.round((100 * correct) / reviews);
}
