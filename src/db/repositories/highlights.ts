import type { Executor } from '../transaction.js';
import { visibleReviews } from './queues.js';
import type { CriticalItem, SubjectEvent } from '../../domain/model/highlights.js';

/**
 * The user's visible assignments whose `column` is set (at or after `since` when given), most recent
 * first (then the higher subject id), at most `limit`: recently unlocked, started or burned items.
 */
export async function recentAssignmentEvents(
  db: Executor,
  userId: number,
  column: 'unlocked_at' | 'started_at' | 'burned_at',
  since: number | null,
  limit: number,
): Promise<SubjectEvent[]> {
  let q = db
    .selectFrom('assignments')
    .select(['id', 'subject_id', `${column} as at`])
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .where(column, 'is not', null);
  if (since !== null) q = q.where(column, '>=', since);
  const rows = await q.orderBy(column, 'desc').orderBy('subject_id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ assignmentId: r.id, subjectId: r.subject_id, at: r.at as number }));
}

/**
 * Visible statistics with percentage_correct below `below` whose item is still in the cycle (a
 * burned item no longer comes up, so nothing can be done about it), worst first, at most `limit`.
 */
export async function criticalItems(db: Executor, userId: number, below: number, limit: number): Promise<CriticalItem[]> {
  const rows = await db
    .selectFrom('review_statistics as s')
    .innerJoin('assignments as a', (join) => join.onRef('a.subject_id', '=', 's.subject_id').on('a.user_id', '=', userId))
    .select(['s.subject_id', 's.percentage_correct'])
    .where('s.user_id', '=', userId)
    .where('s.hidden', '=', 0)
    .where('s.percentage_correct', '<', below)
    .where('a.burned_at', 'is', null)
    .orderBy('s.percentage_correct')
    .orderBy('s.subject_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ subjectId: r.subject_id, percentageCorrect: r.percentage_correct }));
}

/** Visible reviews arriving in (after, until], grouped by arrival time, ascending. */
export async function upcomingArrivals(
  db: Executor,
  userId: number,
  after: number,
  until: number,
): Promise<{ availableAt: number; count: number }[]> {
  const rows = await visibleReviews(db, userId)
    .select(['available_at', (eb) => eb.fn.countAll<number>().as('count')])
    .where('available_at', '>', after)
    .where('available_at', '<=', until)
    .groupBy('available_at')
    .orderBy('available_at')
    .execute();
  return rows.map((r) => ({ availableAt: r.available_at as number, count: Number(r.count) }));
}
