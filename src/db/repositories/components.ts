import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { ComponentProgress } from '../../domain/model/assignments.js';

/**
 * The components of the given subjects with the user's assignment state on each; a component the
 * user has no assignment for reads as a lesson not taken (stage 0, nothing started).
 */
export async function componentProgress(db: Executor, userId: number, subjectIds: readonly number[]): Promise<ComponentProgress[]> {
  const out: ComponentProgress[] = [];
  for (const part of chunks(subjectIds, 500)) {
    const rows = await db
      .selectFrom('subject_components as c')
      .innerJoin('subjects as s', 's.id', 'c.component_id')
      .leftJoin('assignments as a', (join) => join.onRef('a.subject_id', '=', 'c.component_id').on('a.user_id', '=', userId))
      .select([
        'c.subject_id',
        'c.component_id',
        's.spaced_repetition_system_id',
        'a.srs_stage',
        'a.started_at',
        'a.passed_at',
        'a.available_at',
      ])
      .where('c.subject_id', 'in', part)
      .execute();
    for (const r of rows) {
      out.push({
        subjectId: r.subject_id,
        componentId: r.component_id,
        srsId: r.spaced_repetition_system_id,
        srsStage: r.srs_stage ?? 0,
        startedAt: r.started_at,
        passedAt: r.passed_at,
        availableAt: r.available_at,
      });
    }
  }
  return out;
}
