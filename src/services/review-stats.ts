import { correctPercentage, periodWindows, type Window } from '../domain/calendar/periods.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import type { Period } from '../domain/preferences.js';
import { reviewTotalsRead } from '../db/repositories/stats.js';
import { combine, known, mapRead, readTally, type TallyRead } from '../db/tallies.js';
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

function windowStatsRead(db: Executor, userId: number, window: Window): TallyRead<WindowStats> {
  return mapRead(reviewTotalsRead(db, userId, window.from, window.until), (totals) => ({
    ...totals,
    percentage: correctPercentage(totals.reviews, totals.correct),
  }));
}

/** Reviews and first-time-right answers in a period and the one before it (none before all_time). */
export function periodStatsRead(
  db: Executor,
  user: { id: number; timezone: string | null },
  period: Period,
  now: number,
): TallyRead<PeriodStats> {
  const windows = periodWindows(period, now, effectiveZone(user.timezone));
  return combine(
    [windowStatsRead(db, user.id, windows.current), windows.previous ? windowStatsRead(db, user.id, windows.previous) : known(NO_REVIEWS)],
    ([current, previous]) => ({ period, current, previous }),
  );
}

/** GET /review_stats. */
export async function getReviewStats(deps: Deps, userId: number, period: Period): Promise<Result<PeriodStats>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  return user ? ok(await readTally(periodStatsRead(db, user, period, deps.clock.now()))) : notFound();
}
