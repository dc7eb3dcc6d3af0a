import { windowSlots } from '../domain/calendar/activity.js';
import { correctPercentage, periodWindows, type Window } from '../domain/calendar/periods.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import type { Period } from '../domain/preferences.js';
import { reviewTotalsRead, windowReads } from '../db/repositories/stats.js';
import { reviewTotalsWithin } from '../domain/review-totals.js';
import type { ReviewTotals } from '../domain/model/activity.js';
import type { HistoryParts } from './history-memo.js';
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

const withPercentage = (totals: ReviewTotals): WindowStats => ({
  ...totals,
  percentage: correctPercentage(totals.reviews, totals.correct),
});

function windowStatsRead(db: Executor, userId: number, window: Window): TallyRead<WindowStats> {
  return mapRead(reviewTotalsRead(db, userId, window.from, window.until), withPercentage);
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

/**
 * A window's stats from what `parts` keeps of it: its whole slots' counters and its edge slots'
 * reviews, read again when the window's slots move (every 15 minutes for a window ending now) or
 * the learner's rows change; the figures are worked out for the window's exact bounds, as
 * windowStatsRead's statement counts them. `role` names the window among the learner's kept parts.
 */
async function keptWindowStats(db: Executor, userId: number, window: Window, parts: HistoryParts, role: string): Promise<WindowStats> {
  const slots = windowSlots(window.from, window.until);
  const reads = await parts.get(`review totals, ${role}`, `${slots.head} ${slots.innerFrom} ${slots.innerUntil}`, () =>
    windowReads(db, userId, slots),
  );
  return withPercentage(reviewTotalsWithin(reads, window.from, window.until, slots));
}

/** periodStatsRead's figures from what `parts` keeps of the period's windows (the dashboard's). */
export async function keptPeriodStats(
  db: Executor,
  user: { id: number; timezone: string | null },
  period: Period,
  now: number,
  parts: HistoryParts,
): Promise<PeriodStats> {
  const windows = periodWindows(period, now, effectiveZone(user.timezone));
  const [current, previous] = await Promise.all([
    keptWindowStats(db, user.id, windows.current, parts, `${period}, current`),
    windows.previous ? keptWindowStats(db, user.id, windows.previous, parts, `${period}, previous`) : NO_REVIEWS,
  ]);
  return { period, current, previous };
}

/** GET /review_stats. */
export async function getReviewStats(deps: Deps, userId: number, period: Period): Promise<Result<PeriodStats>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  return user ? ok(await readTally(periodStatsRead(db, user, period, deps.clock.now()))) : notFound();
}
