import { sql } from 'kysely';
import type { Placed } from '../../domain/item-spread.js';
import type { SubjectType } from '../../domain/subjects.js';
import { compiledOnce, type Slots } from '../compiled.js';
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
 * (deleted since) is left out, as the join with subjects did.
 */
export async function spreadItems(db: Executor, userId: number, briefs: ReadonlyMap<number, SubjectBrief>): Promise<SpreadItem[]> {
  const rows = await db
    .selectFrom('assignments')
    .select(['srs_stage', 'subject_type', 'subject_level', 'subject_id'])
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .where('srs_stage', '>', 0)
    .execute();
  rows.sort((x, y) => x.subject_level - y.subject_level || x.subject_id - y.subject_id);
  return rows.flatMap((r) => {
    const subject = briefs.get(r.subject_id);
    return subject ? [{ stage: r.srs_stage, type: r.subject_type as SubjectType, subject }] : [];
  });
}
