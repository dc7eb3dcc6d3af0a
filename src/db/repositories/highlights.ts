import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { CriticalItem, SubjectEvent } from '../../domain/model/highlights.js';

export type EventColumn = 'unlocked_at' | 'started_at' | 'burned_at';

function eventsQuery(db: Executor, column: EventColumn, v: Slots<{ userId: number; since: number; limit: number }>, bounded: boolean) {
  let q = db
    .selectFrom('assignments')
    .select(['id', 'subject_id', `${column} as at`])
    .where('user_id', '=', v.userId)
    .where('hidden', '=', 0)
    .where(column, 'is not', null);
  if (bounded) q = q.where(column, '>=', v.since);
  return q.orderBy(column, 'desc').orderBy('subject_id', 'desc').limit(v.limit);
}

/** One statement, compiled once, per column and per whether `since` bounds it. */
const eventStatements = new Map(
  (['unlocked_at', 'started_at', 'burned_at'] as const).flatMap((column) =>
    [true, false].map((bounded) => [
      `${column} ${bounded}`,
      compiledOnce((db, v: Slots<{ userId: number; since: number; limit: number }>) => eventsQuery(db, column, v, bounded)),
    ]),
  ),
);

/**
 * The user's visible assignments whose `column` is set (at or after `since` when given), most recent
 * first (then the higher subject id), at most `limit`: recently unlocked, started or burned items.
 */
export async function recentAssignmentEvents(
  db: Executor,
  userId: number,
  column: EventColumn,
  since: number | null,
  limit: number,
): Promise<SubjectEvent[]> {
  const events = eventStatements.get(`${column} ${since !== null}`)!;
  const { rows } = await events(db, { userId, since: since ?? 0, limit });
  return rows.map((r) => ({ assignmentId: r.id, subjectId: r.subject_id, at: r.at as number }));
}

/**
 * Visible statistics with percentage_correct below `below` whose item is still in the cycle (a
 * burned item no longer comes up, so nothing can be done about it), worst first, at most `limit`.
 */
const critical = compiledOnce((db, { userId, below, limit }: Slots<{ userId: number; below: number; limit: number }>) =>
  db
    .selectFrom('review_statistics as s')
    .innerJoin('assignments as a', (join) => join.onRef('a.subject_id', '=', 's.subject_id').on('a.user_id', '=', userId))
    .select(['s.subject_id', 's.percentage_correct'])
    .where('s.user_id', '=', userId)
    .where('s.hidden', '=', 0)
    .where('s.percentage_correct', '<', below)
    .where('a.burned_at', 'is', null)
    .orderBy('s.percentage_correct')
    .orderBy('s.subject_id')
    .limit(limit),
);

export async function criticalItems(db: Executor, userId: number, below: number, limit: number): Promise<CriticalItem[]> {
  const { rows } = await critical(db, { userId, below, limit });
  return rows.map((r) => ({ subjectId: r.subject_id, percentageCorrect: r.percentage_correct }));
}
