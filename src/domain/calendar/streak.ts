import { weekStartOf } from './day-numbers.js';

/** Missed days a week forgives (see docs/decisions.md, Streak week); the next one in the same week breaks the streak. */
export const FORGIVEN_MISSES_PER_WEEK = 2;
/** Days in `recent_days`, ending today. */
export const RECENT_DAYS = 14;

export interface StudyStreak {
  /** Studied days in the running streak (forgiven days keep it alive but do not add to it). */
  current: number;
  best: number;
  studiedToday: boolean;
  /** Missed days still forgivable this week. */
  offerings: number;
  today: number;
  /** RECENT_DAYS flags, oldest first, ending today. */
  recentDays: boolean[];
}

/**
 * The study streak over local day numbers with study (ascending, distinct). Weeks run Monday to
 * Sunday (see docs/decisions.md, Streak week). A day is missed when it falls after the first studied day and before today without
 * study: today is not over yet, and nothing could be missed before studying began. The third missed
 * day of a week breaks the streak; missed days count against the week even while no streak runs,
 * so `offerings` is simply what the week has left.
 */
export function studyStreak(studiedDays: readonly number[], today: number): StudyStreak {
  const past = studiedDays.filter((day) => day <= today);
  const studied = new Set(past);
  let current = 0;
  let best = 0;
  let week = Number.NaN;
  let missedThisWeek = 0;
  const first = past[0];
  if (first !== undefined) {
    for (let day = first; day <= today; day += 1) {
      if (weekStartOf(day) !== week) {
        week = weekStartOf(day);
        missedThisWeek = 0;
      }
      if (studied.has(day)) {
        current += 1;
        best = Math.max(best, current);
      } else if (day < today) {
        missedThisWeek += 1;
        if (missedThisWeek > FORGIVEN_MISSES_PER_WEEK) current = 0;
      }
    }
  }
  return {
    current,
    best,
    studiedToday: studied.has(today),
    offerings: Math.max(0, FORGIVEN_MISSES_PER_WEEK - missedThisWeek),
    today,
    recentDays: Array.from({ length: RECENT_DAYS }, (_, i) => studied.has(today - RECENT_DAYS + 1 + i)),
  };
}

export interface DaysStudied {
  days: number;
  first: number | null;
  last: number | null;
}

/** Distinct local days with study (ascending, distinct day numbers). */
export function daysStudied(studiedDays: readonly number[]): DaysStudied {
  return { days: studiedDays.length, first: studiedDays[0] ?? null, last: studiedDays[studiedDays.length - 1] ?? null };
}
