import { dayStartsAt, localDayNumber, offsetSpans } from '../domain/calendar/day-numbers.js';
import { daysStudied, type DaysStudied } from '../domain/calendar/streak.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import { activityRange, localDaysStudied } from '../db/repositories/stats.js';
import { findUserById } from '../db/repositories/users.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import { historyParts, type HistoryParts } from './history-memo.js';

/** Every local day with study, in the user's zone (UTC without one). */
export interface StudyHistory {
  zone: string;
  today: number;
  /** Local day numbers with study, ascending. */
  days: number[];
}

/**
 * The whole activity history grouped into local days; `knownRange`: the user's activityRange, when
 * the caller has read it. The days are kept in `parts` per zone (they change only with the
 * learner's rows); today is the clock's.
 */
export async function studyHistory(
  db: Executor,
  user: { id: number; timezone: string | null },
  now: number,
  parts: HistoryParts,
  knownRange?: { first: number; last: number } | null,
): Promise<StudyHistory> {
  const zone = effectiveZone(user.timezone);
  const days = await parts.get('days studied', zone, async () => {
    const range = knownRange === undefined ? await activityRange(db, user.id) : knownRange;
    return range === null ? [] : localDaysStudied(db, user.id, offsetSpans(range.first, range.last + 1, zone));
  });
  return { zone, today: localDayNumber(now, zone), days };
}

export interface DaysStudiedView extends DaysStudied {
  /** When the last day studied began: the body changes only when another day is studied. */
  updatedAt: number | null;
}

function daysStudiedOf(history: StudyHistory): DaysStudiedView {
  const studied = daysStudied(history.days);
  return { ...studied, updatedAt: studied.last === null ? null : dayStartsAt(studied.last, history.zone) };
}

/** GET /days_studied. */
export async function getDaysStudied(deps: Deps, userId: number): Promise<Result<DaysStudiedView>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  return user ? ok(daysStudiedOf(await studyHistory(db, user, deps.clock.now(), historyParts(deps, user)))) : notFound();
}
