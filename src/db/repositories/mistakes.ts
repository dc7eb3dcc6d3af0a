import { sql } from 'kysely';
import type { Executor } from '../transaction.js';
import type { RecentMistake } from '../../domain/model/highlights.js';

/**
 * Items answered wrong in a review since `since` that no correct review has followed, worst first
 * (most wrong answers, then the most recent mistake). Extra study never writes reviews, so only a
 * correct real review takes an item out.
 */
export async function recentMistakes(db: Executor, userId: number, since: number, now: number): Promise<RecentMistake[]> {
  const rows = await db
    .selectFrom('reviews as r')
    .innerJoin('assignments as a', (join) => join.onRef('a.id', '=', 'r.assignment_id').on('a.user_id', '=', userId))
    .select([
      'r.assignment_id',
      'r.subject_id',
      sql<number>`sum(r.incorrect_meaning_answers + r.incorrect_reading_answers)`.as('incorrect'),
      sql<number>`max(r.created_at)`.as('last_wrong_at'),
    ])
    .where('r.user_id', '=', userId)
    .where('r.correct', '=', 0)
    .where('r.hidden', '=', 0)
    .where('r.created_at', '>', since)
    .where('r.created_at', '<=', now)
    .where('a.burned_at', 'is', null)
    .groupBy(['r.assignment_id', 'r.subject_id'])
    .execute();
  const candidates = rows.map((r) => ({
    assignmentId: r.assignment_id,
    subjectId: r.subject_id,
    incorrect: Number(r.incorrect),
    lastWrongAt: Number(r.last_wrong_at),
  }));
  if (candidates.length === 0) return [];
  const corrected = new Map<number, number>();
  const laterCorrect = await db
    .selectFrom('reviews')
    .select(['assignment_id', sql<number>`max(created_at)`.as('last_right_at')])
    .where('user_id', '=', userId)
    .where('correct', '=', 1)
    .where('created_at', '>', since)
    .where(
      'assignment_id',
      'in',
      candidates.map((c) => c.assignmentId),
    )
    .groupBy('assignment_id')
    .execute();
  for (const row of laterCorrect) corrected.set(row.assignment_id, Number(row.last_right_at));
  return candidates
    .filter((c) => (corrected.get(c.assignmentId) ?? -Infinity) < c.lastWrongAt)
    .sort((x, y) => y.incorrect - x.incorrect || y.lastWrongAt - x.lastWrongAt || x.subjectId - y.subjectId);
}
