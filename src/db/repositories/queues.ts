import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { ScheduledReview } from '../../domain/model/assignments.js';
import type { ReviewSchedule } from '../../domain/review-schedule.js';

type AssignmentQuery<O> = SelectQueryBuilder<Database, 'assignments', O>;

/** In the review cycle: started and not burned (`in_review`; see docs/decisions.md, Assignment flags). */
export function inReviewCycle<O>(query: AssignmentQuery<O>): AssignmentQuery<O> {
  return query.where('started_at', 'is not', null).where('burned_at', 'is', null);
}

/** A lesson waiting (`immediately_available_for_lessons`; docs/decisions.md, Assignment flags): unlocked, not started, visible, at or below the level. */
export function lessonAvailable<O>(query: AssignmentQuery<O>, userLevel: number): AssignmentQuery<O> {
  return query
    .where('unlocked_at', 'is not', null)
    .where('started_at', 'is', null)
    .where('hidden', '=', 0)
    .where('subject_level', '<=', userLevel);
}

/**
 * What the screens count as reviews: the learner's visible items in the cycle (hidden subjects are
 * left out, burned items have left it).
 */
export function visibleReviews(db: Executor, userId: number) {
  return inReviewCycle(db.selectFrom('assignments').where('user_id', '=', userId).where('hidden', '=', 0));
}

const lessonsWaiting = compiledOnce((db, { userId, userLevel }: Slots<{ userId: number; userLevel: number }>) =>
  lessonAvailable(db.selectFrom('assignments').where('user_id', '=', userId), userLevel)
    .select('subject_id')
    .orderBy('subject_level')
    .orderBy('subject_id'),
);

export async function pendingLessonSubjectIds(db: Executor, userId: number, userLevel: number): Promise<number[]> {
  return (await lessonsWaiting(db, { userId, userLevel })).rows.map((r) => r.subject_id);
}

/** Reviews due before `until` (overdue ones included), soonest first. */
export async function reviewsDueBefore(db: Executor, userId: number, until: number): Promise<ScheduledReview[]> {
  const rows = await visibleReviews(db, userId)
    .select(['subject_id', 'available_at'])
    .where('available_at', '<', until)
    .orderBy('available_at')
    .orderBy('subject_id')
    .execute();
  return rows.map((r) => ({ subjectId: r.subject_id, availableAt: r.available_at as number }));
}

/** The earliest due time of any review; null when nothing is scheduled. */
export async function earliestReviewAt(db: Executor, userId: number): Promise<number | null> {
  const row = await visibleReviews(db, userId)
    .select(sql<number | null>`min(available_at)`.as('t'))
    .executeTakeFirst();
  return row?.t ?? null;
}

/** Subject ids of the reviews waiting now (due at or before `now`), soonest first. */
const reviewsDue = compiledOnce((db, { userId, now }: Slots<{ userId: number; now: number }>) =>
  visibleReviews(db, userId).select('subject_id').where('available_at', '<=', now).orderBy('available_at').orderBy('subject_id'),
);

export async function reviewSubjectIdsDue(db: Executor, userId: number, now: number): Promise<number[]> {
  return (await reviewsDue(db, { userId, now })).rows.map((r) => r.subject_id);
}

const arriving = compiledOnce((db, { userId, after, until }: Slots<{ userId: number; after: number; until: number }>) =>
  visibleReviews(db, userId)
    .select(['available_at', 'subject_id'])
    .where('available_at', '>', after)
    .where('available_at', '<=', until)
    .orderBy('available_at')
    .orderBy('subject_id'),
);

/** The reviews due at `from` and those arriving in (from, until]: see ReviewSchedule. */
export async function reviewSchedule(db: Executor, userId: number, from: number, until: number): Promise<ReviewSchedule> {
  const [dueSubjectIds, later] = await Promise.all([reviewSubjectIdsDue(db, userId, from), arriving(db, { userId, after: from, until })]);
  return {
    from,
    until,
    dueSubjectIds,
    arriving: later.rows.map((r) => ({ availableAt: r.available_at as number, subjectId: r.subject_id })),
  };
}
