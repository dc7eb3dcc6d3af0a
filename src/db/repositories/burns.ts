import { toAssignment } from './assignments.js';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { BurnTarget } from '../../domain/model/assignments.js';

/** The user's assignments for the given subjects, keyed by subject id. */
export async function burnTargets(db: Executor, userId: number, subjectIds: readonly number[]): Promise<Map<number, BurnTarget>> {
  const found = new Map<number, BurnTarget>();
  for (const part of chunks(subjectIds, 500)) {
    const rows = await db
      .selectFrom('assignments as a')
      .innerJoin('subjects as s', 's.id', 'a.subject_id')
      .selectAll('a')
      .select('s.spaced_repetition_system_id')
      .where('a.user_id', '=', userId)
      .where('a.subject_id', 'in', part)
      .execute();
    for (const row of rows) found.set(row.subject_id, { assignment: toAssignment(row), srsId: row.spaced_repetition_system_id });
  }
  return found;
}
