import { sql } from 'kysely';
import type { SubjectType } from '../../domain/subjects.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { TypeProgress } from '../../domain/model/progress.js';

const progressByType = compiledOnce((db, { userId, level }: Slots<{ userId: number; level: number }>) =>
  db
    .selectFrom('subjects as s')
    .leftJoin('assignments as a', (join) => join.onRef('a.subject_id', '=', 's.id').on('a.user_id', '=', userId))
    .select([
      's.object',
      sql<number>`count(*)`.as('total'),
      sql<number>`count(a.started_at)`.as('started'),
      sql<number>`count(a.passed_at)`.as('passed'),
      sql<number>`count(a.burned_at)`.as('burned'),
    ])
    .where('s.level', '=', level)
    .where('s.hidden_at', 'is', null)
    .groupBy('s.object'),
);

/** Per type, the level's non-hidden subjects and how many of them the user has started, passed and burned. */
export async function levelProgressByType(db: Executor, userId: number, level: number): Promise<Record<SubjectType, TypeProgress>> {
  const { rows } = await progressByType(db, { userId, level });
  const empty = (): TypeProgress => ({ total: 0, started: 0, passed: 0, burned: 0 });
  const out: Record<SubjectType, TypeProgress> = { radical: empty(), kanji: empty(), vocabulary: empty(), kana_vocabulary: empty() };
  for (const r of rows)
    out[r.object as SubjectType] = {
      total: Number(r.total),
      started: Number(r.started),
      passed: Number(r.passed),
      burned: Number(r.burned),
    };
  return out;
}

const visibleAtLevel = compiledOnce((db, { level }: Slots<{ level: number }>) =>
  db.selectFrom('subjects').select(['id', 'object']).where('level', '=', level).where('hidden_at', 'is', null),
);

/** The level's non-hidden subjects (levelProgressByType's subjects), with their types. */
export async function visibleSubjectsAtLevel(db: Executor, level: number): Promise<{ id: number; type: SubjectType }[]> {
  const { rows } = await visibleAtLevel(db, { level });
  return rows.map((r) => ({ id: r.id, type: r.object as SubjectType }));
}
