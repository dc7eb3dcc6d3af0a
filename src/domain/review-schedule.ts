import { HOUR_MS } from '../shared/time.js';

/**
 * How long one read of a learner's review schedule serves: from the top of an hour to the next,
 * the reviews waiting and the forecast are worked out from it by the clock (items come due with
 * no write), and the learner's next write or the next hour reads it again.
 */
export const SCHEDULE_SERVES_MS = HOUR_MS;

export interface ScheduledArrival {
  availableAt: number;
  subjectId: number;
}

/**
 * A learner's reviews as read at `from`: the subjects due by then, and every review arriving after
 * it until `until`, each list soonest first and then by subject id (the review queue's order).
 */
export interface ReviewSchedule {
  from: number;
  until: number;
  dueSubjectIds: readonly number[];
  arriving: readonly ScheduledArrival[];
}

/** The start of the span of SCHEDULE_SERVES_MS that `now` falls in: the `from` of the read that serves it. */
export function scheduleReadAt(now: number): number {
  return Math.floor(now / SCHEDULE_SERVES_MS) * SCHEDULE_SERVES_MS;
}

function within(schedule: ReviewSchedule, after: number, until: number): void {
  if (after < schedule.from || until > schedule.until) {
    throw new Error(`(${after}, ${until}] is outside the schedule read for (${schedule.from}, ${schedule.until}]`);
  }
}

/** The subjects due at `now`: those due at `from`, then those arrived since, in the queue's order. */
export function dueAt(schedule: ReviewSchedule, now: number): number[] {
  within(schedule, now, now);
  const due = [...schedule.dueSubjectIds];
  for (const arrival of schedule.arriving) {
    if (arrival.availableAt > now) break;
    due.push(arrival.subjectId);
  }
  return due;
}

/** How many reviews arrive at each instant in (after, until], ascending. */
export function arrivalsBetween(schedule: ReviewSchedule, after: number, until: number): { availableAt: number; count: number }[] {
  within(schedule, after, until);
  const counts: { availableAt: number; count: number }[] = [];
  for (const { availableAt } of schedule.arriving) {
    if (availableAt <= after) continue;
    if (availableAt > until) break;
    const last = counts[counts.length - 1];
    if (last?.availableAt === availableAt) last.count += 1;
    else counts.push({ availableAt, count: 1 });
  }
  return counts;
}
