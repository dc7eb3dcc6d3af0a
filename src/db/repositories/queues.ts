import { sql } from 'kysely';
import type { Executor } from '../transaction.js';

/**
 * The learner's queues as the screens count them: hidden subjects are left out, burned items have
 * left the cycle, and lessons above the user's level wait.
 */
export async function pendingLessonSubjectIds(db: Executor, userId: number, userLevel: number): Promise<number[]> {
  const rows = await db
    .selectFrom('assignments')
    .select('subject_id')
    .where('user_id', '=', userId)
    .where('unlocked_at', 'is not', null)
    .where('started_at', 'is', null)
    .where('hidden', '=', 0)
    .where('subject_level', '<=', userLevel)
    .orderBy('subject_level')
    .orderBy('subject_id')
    .execute();
  return rows.map((r) => r.subject_id);
}

export interface ScheduledReview {
  subjectId: number;
  availableAt: number;
}

/** Started, unburned, visible items due before `until` (overdue ones included), soonest first. */
export async function reviewsDueBefore(db: Executor, userId: number, until: number): Promise<ScheduledReview[]> {
  const rows = await db
    .selectFrom('assignments')
    .select(['subject_id', 'available_at'])
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('burned_at', 'is', null)
    .where('hidden', '=', 0)
    .where('available_at', '<', until)
    .orderBy('available_at')
    .orderBy('subject_id')
    .execute();
  return rows.map((r) => ({ subjectId: r.subject_id, availableAt: r.available_at as number }));
}

/** The earliest due time among started, unburned, visible items; null when nothing is scheduled. */
export async function earliestReviewAt(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('assignments')
    .select(sql<number | null>`min(available_at)`.as('t'))
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('burned_at', 'is', null)
    .where('hidden', '=', 0)
    .executeTakeFirst();
  return row?.t ?? null;
}

/** Subject ids of the reviews waiting now (due at or before `now`), soonest first. */
export async function reviewSubjectIdsDue(db: Executor, userId: number, now: number): Promise<number[]> {
  const rows = await db
    .selectFrom('assignments')
    .select('subject_id')
    .where('user_id', '=', userId)
    .where('started_at', 'is not', null)
    .where('burned_at', 'is', null)
    .where('hidden', '=', 0)
    .where('available_at', '<=', now)
    .orderBy('available_at')
    .orderBy('subject_id')
    .execute();
  return rows.map((r) => r.subject_id);
}
