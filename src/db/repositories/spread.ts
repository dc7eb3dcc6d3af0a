import { sql } from 'kysely';
import type { Placed } from '../../domain/item-spread.js';
import type { SubjectType } from '../../domain/subjects.js';
import type { DatabaseEngine } from '../../config/index.js';
import { compiledOnce, type Slots } from '../compiled.js';
import { rowsAsArrays } from '../json-rows.js';
import type { Executor } from '../transaction.js';
import type { SpreadItem } from '../../domain/model/progress.js';
import type { SubjectBrief } from '../../domain/model/subjects.js';

/** Visible started assignments counted per SRS stage and subject type (stage 0 left out). */
const stageCounts = compiledOnce((db, { userId }: Slots<{ userId: number }>) =>
  db
    .selectFrom('assignments')
    .select(['srs_stage', 'subject_type', sql<number>`count(*)`.as('count')])
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .where('srs_stage', '>', 0)
    .groupBy(['srs_stage', 'subject_type']),
);

export async function spreadCounts(db: Executor, userId: number): Promise<(Placed & { count: number })[]> {
  const { rows } = await stageCounts(db, { userId });
  return rows.map((r) => ({ stage: r.srs_stage, type: r.subject_type as SubjectType, count: Number(r.count) }));
}

/**
 * The same assignments with their subjects, by level then subject id. Subjects come from `briefs`
 * (all of them, cached per content version by the caller): an assignment whose subject it lacks
 * (deleted since) is left out, as the join with subjects did. The rows come as one JSON
 * aggregate (json-rows.ts): a learner holding every subject has eleven thousand of them.
 */
export async function spreadItems(
  db: Executor,
  engine: DatabaseEngine,
  userId: number,
  briefs: ReadonlyMap<number, SubjectBrief>,
): Promise<SpreadItem[]> {
  const started = db
    .selectFrom('assignments')
    .select(['srs_stage', 'subject_type', 'subject_level', 'subject_id'])
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .where('srs_stage', '>', 0);
  const rows = await rowsAsArrays<[stage: number, type: SubjectType, level: number, subjectId: number]>(db, engine, started, [
    'srs_stage',
    'subject_type',
    'subject_level',
    'subject_id',
  ]);
  // Sorted here: the same order sorted by the database took several times as long (an unordered
  // aggregate streams out of the covering index).
  rows.sort((x, y) => x[2] - y[2] || x[3] - y[3]);
  const items: SpreadItem[] = [];
  for (const [stage, type, , subjectId] of rows) {
    const subject = briefs.get(subjectId);
    if (subject) items.push({ stage, type, subject });
  }
  return items;
}
