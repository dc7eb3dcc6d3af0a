import { correctPercentage, periodWindows, type Window } from '../domain/calendar/periods.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import type { Period } from '../domain/preferences.js';
import { reviewTotals } from '../db/repositories/stats.js';
import { findUserById } from '../db/repositories/users.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';

export interface WindowStats {
  reviews: number;
  correct: number;
  percentage: number | null;
}

export interface PeriodStats {
  period: Period;
  current: WindowStats;
  previous: WindowStats;
}

const NO_REVIEWS: WindowStats = { reviews: 0, correct: 0, percentage: null };

async function windowStats(db: Executor, userId: number, window: Window): Promise<WindowStats> {
  const totals = await reviewTotals(db, userId, window.from, window.until);
  return { ...totals, percentage: correctPercentage(totals.reviews, totals.correct) };
}

/** Reviews and first-time-right answers in a period and the one before it (none before all_time). */
export async function periodStats(
  db: Executor,
  user: { id: number; timezone: string | null },
  period: Period,
  now: number,
): Promise<PeriodStats> {
  const windows = periodWindows(period, now, effectiveZone(user.timezone));
  const [current, previous] = await Promise.all([
    windowStats(db, user.id, windows.current),
    windows.previous ? windowStats(db, user.id, windows.previous) : NO_REVIEWS,
  ]);
  return { period, current, previous };
}

/** GET /review_stats. */
export async function getReviewStats(deps: Deps, userId: number, period: Period): Promise<Result<PeriodStats>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  return user ? ok(await periodStats(db, user, period, deps.clock.now())) : notFound();
}
