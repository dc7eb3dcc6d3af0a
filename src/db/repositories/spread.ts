import { sql } from 'kysely';
import type { Placed } from '../../domain/item-spread.js';
import type { SubjectType } from '../../domain/subjects.js';
import type { Executor } from '../transaction.js';
import { briefOf } from './briefs.js';
import type { SpreadItem } from '../../domain/model/progress.js';

/** Visible started assignments counted per SRS stage and subject type (stage 0 left out). */
export async function spreadCounts(db: Executor, userId: number): Promise<(Placed & { count: number })[]> {
  const rows = await db
    .selectFrom('assignments')
    .select(['srs_stage', 'subject_type', sql<number>`count(*)`.as('count')])
    .where('user_id', '=', userId)
    .where('hidden', '=', 0)
    .where('srs_stage', '>', 0)
    .groupBy(['srs_stage', 'subject_type'])
    .execute();
  return rows.map((r) => ({ stage: r.srs_stage, type: r.subject_type as SubjectType, count: Number(r.count) }));
}

/** The same assignments with their subjects, by level then subject id. */
export async function spreadItems(db: Executor, userId: number): Promise<SpreadItem[]> {
  const rows = await db
    .selectFrom('assignments as a')
    .innerJoin('subjects as s', 's.id', 'a.subject_id')
    .select(['a.srs_stage', 'a.subject_type', 'a.subject_level', 's.id', 's.object', 's.slug', 's.level', 's.characters', 's.meanings'])
    .where('a.user_id', '=', userId)
    .where('a.hidden', '=', 0)
    .where('a.srs_stage', '>', 0)
    .execute();
  rows.sort((x, y) => x.subject_level - y.subject_level || x.id - y.id);
  return rows.map((r) => ({ stage: r.srs_stage, type: r.subject_type as SubjectType, subject: briefOf(r) }));
}
