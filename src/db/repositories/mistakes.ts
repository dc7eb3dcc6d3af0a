import { sql } from 'kysely';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { RecentMistake } from '../../domain/model/highlights.js';

const stillWrong = compiledOnce((db, { userId, since, now }: Slots<{ userId: number; since: number; now: number }>) => {
  const wrong = db
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
    .groupBy(['r.assignment_id', 'r.subject_id']);
  // Out once a correct review came at or after the last mistake (one statement, not a second read).
  return db
    .selectFrom(wrong.as('w'))
    .selectAll()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('reviews as c')
            .select(sql.lit(1).as('one'))
            .where('c.user_id', '=', userId)
            .whereRef('c.assignment_id', '=', 'w.assignment_id')
            .where('c.correct', '=', 1)
            .whereRef('c.created_at', '>=', 'w.last_wrong_at'),
        ),
      ),
    );
});

/**
 * Items answered wrong in a review since `since` that no correct review has followed, worst first
 * (most wrong answers, then the most recent mistake). Extra study never writes reviews, so only a
 * correct real review takes an item out.
 */
export async function recentMistakes(db: Executor, userId: number, since: number, now: number): Promise<RecentMistake[]> {
  const { rows } = await stillWrong(db, { userId, since, now });
  return rows
    .map((r) => ({
      assignmentId: r.assignment_id,
      subjectId: r.subject_id,
      incorrect: Number(r.incorrect),
      lastWrongAt: Number(r.last_wrong_at),
    }))
    .sort((x, y) => y.incorrect - x.incorrect || y.lastWrongAt - x.lastWrongAt || x.subjectId - y.subjectId);
}
