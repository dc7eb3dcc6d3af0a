import { SUMMARY_HOURS, hourlyBuckets, nextReviewsAt, type Bucket } from '../domain/schedule.js';
import { newestAssignmentUpdate } from '../db/repositories/assignments.js';
import { earliestReviewAt, pendingLessonSubjectIds, reviewsDueBefore } from '../db/repositories/queues.js';
import { findUserById } from '../db/repositories/users.js';
import { notFound, ok, type Result } from '../shared/result.js';
import { HOUR_MS, floorToHour } from '../shared/time.js';
import type { Deps } from './deps.js';
import { currentLevel } from './levels.js';

export interface Summary {
  lessons: Bucket[];
  reviews: Bucket[];
  nextReviewsAt: number | null;
  updatedAt: number;
}

/**
 * GET /summary: lessons now, 24 hourly review buckets from the current hour (the first holding
 * everything overdue) and the next arrival. The daily lesson cap and vacation never shrink it.
 */
export async function getSummary(deps: Deps, userId: number): Promise<Result<Summary>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  const hourStart = floorToHour(deps.clock.now());
  const [lessonIds, due, earliest, newest] = await Promise.all([
    pendingLessonSubjectIds(db, userId, await currentLevel(db, user)),
    reviewsDueBefore(db, userId, hourStart + SUMMARY_HOURS * HOUR_MS),
    earliestReviewAt(db, userId),
    newestAssignmentUpdate(db, userId),
  ]);
  return ok({
    lessons: [{ availableAt: hourStart, subjectIds: lessonIds }],
    reviews: hourlyBuckets(hourStart, SUMMARY_HOURS, due),
    nextReviewsAt: nextReviewsAt(hourStart, earliest),
    updatedAt: Math.max(hourStart, newest ?? 0),
  });
}
