import { localDayBounds } from '../domain/calendar/days.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import { lessonAllowance, type LessonAllowance } from '../domain/pacing.js';
import { readPreferences } from '../domain/preferences.js';
import { activityBetween, activityBetweenRead } from '../db/repositories/activity.js';
import type { ActivityTotals } from '../domain/model/activity.js';
import type { HistoryParts } from './history-memo.js';
import { pendingLessonSubjectIds, reviewSubjectIdsDue } from '../db/repositories/queues.js';
import { mapRead, readTally, type TallyRead } from '../db/tallies.js';
import type { Executor } from '../db/transaction.js';
import type { UserRecord } from '../domain/model/users.js';

const allowanceOf = (user: UserRecord, today: ActivityTotals) =>
  lessonAllowance(readPreferences(user.storedPreferences).max_daily_lessons, today.lessons);

/** Today's lesson allowance in the user's time zone (UTC when none is set). */
export function allowanceRead(db: Executor, user: UserRecord, now: number): TallyRead<LessonAllowance> {
  const today = localDayBounds(now, effectiveZone(user.timezone));
  return mapRead(activityBetweenRead(db, user.id, today.start, today.end), (started) => allowanceOf(user, started));
}

/** allowanceRead's figure, today's activity kept in `parts` (the dashboard's) for the day: it changes only with the learner's rows. */
export async function keptAllowance(db: Executor, user: UserRecord, now: number, parts: HistoryParts): Promise<LessonAllowance> {
  const today = localDayBounds(now, effectiveZone(user.timezone));
  const started = await parts.get('activity today', `${today.start} ${today.end}`, () =>
    activityBetween(db, user.id, today.start, today.end),
  );
  return allowanceOf(user, started);
}

export async function allowanceFor(db: Executor, user: UserRecord, now: number): Promise<LessonAllowance> {
  return readTally(allowanceRead(db, user, now));
}

export interface WaitingNow {
  /** Lessons available now, trimmed to the allowance. */
  lessonSubjectIds: number[];
  reviewSubjectIds: number[];
  allowance: LessonAllowance;
}

/**
 * What waits for the learner now, as the dashboard and push notifications count it: reviews due,
 * and available lessons (up to the user's `level`) trimmed to what today's allowance still permits.
 * The caller knows the level already (the dashboard needs it too), and may know today's allowance,
 * the reviews due (the dashboard's from its review schedule) and the lessons waiting (the
 * dashboard's kept with the learner's rows).
 * Vacation is the caller's concern (the rows still read as available; see docs/decisions.md, Push
 * notifications).
 */
export async function waitingNow(
  db: Executor,
  user: UserRecord,
  level: number,
  now: number,
  allowanceNow: LessonAllowance | Promise<LessonAllowance> = allowanceFor(db, user, now),
  reviewsDueNow: Promise<number[]> = reviewSubjectIdsDue(db, user.id, now),
  lessonsWaiting: Promise<number[]> = pendingLessonSubjectIds(db, user.id, level),
): Promise<WaitingNow> {
  const [allowance, lessons, reviews] = await Promise.all([allowanceNow, lessonsWaiting, reviewsDueNow]);
  return { lessonSubjectIds: lessons.slice(0, allowance.remaining), reviewSubjectIds: reviews, allowance };
}
