import { sql, type Selectable } from 'kysely';
import type { Cursor, Page } from '../../shared/paging.js';
import type { LevelProgressionsTable } from '../tables/study.js';
import type { Db } from '../connect.js';
import { columnsOf } from '../json-rows.js';
import { mapRead, readTally, tally, tallyOf, type TallyRead } from '../tallies.js';
import type { Executor } from '../transaction.js';
import { pageById, whereIdFilters } from './paging.js';
import type { LevelProgressionRecord } from '../../domain/model/catalog.js';
import type { IdFilters } from '../../domain/model/filters.js';

function toRecord(row: Selectable<LevelProgressionsTable>): LevelProgressionRecord {
  return {
    id: row.id,
    level: row.level,
    unlockedAt: row.unlocked_at,
    startedAt: row.started_at,
    passedAt: row.passed_at,
    completedAt: row.completed_at,
    abandonedAt: row.abandoned_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const LEVEL_PROGRESSION_COLUMNS = columnsOf<LevelProgressionsTable>({
  id: true,
  user_id: true,
  level: true,
  unlocked_at: true,
  started_at: true,
  passed_at: true,
  completed_at: true,
  abandoned_at: true,
  created_at: true,
  updated_at: true,
});

export async function pageLevelProgressions(
  db: Db,
  userId: number,
  f: IdFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<LevelProgressionRecord>> {
  const q = whereIdFilters(db.kysely.selectFrom('level_progressions').where('user_id', '=', userId), f);
  const page = await pageById<Selectable<LevelProgressionsTable>>(db, { filtered: q, columns: LEVEL_PROGRESSION_COLUMNS }, perPage, cursor);
  return { ...page, rows: page.rows.map(toRecord) };
}

export async function findLevelProgression(db: Executor, userId: number, id: number): Promise<LevelProgressionRecord | undefined> {
  const row = await db.selectFrom('level_progressions').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && toRecord(row);
}

export async function findProgressionByLevel(db: Executor, userId: number, level: number): Promise<LevelProgressionRecord | undefined> {
  const row = await db
    .selectFrom('level_progressions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .executeTakeFirst();
  return row && toRecord(row);
}

/** Opens a level for the user; does nothing when it is already open. */
export async function insertProgression(db: Executor, userId: number, level: number, unlockedAt: number, stamp: number): Promise<void> {
  await db
    .insertInto('level_progressions')
    .values({ user_id: userId, level, unlocked_at: unlockedAt, created_at: unlockedAt, updated_at: stamp })
    .onConflict((oc) => oc.columns(['user_id', 'level']).doNothing())
    .execute();
}

type Milestone = 'started_at' | 'passed_at' | 'completed_at';

/** Sets a milestone once (never overwrites). */
export async function markProgression(
  db: Executor,
  userId: number,
  level: number,
  milestone: Milestone,
  at: number,
  stamp: number,
): Promise<void> {
  await db
    .updateTable('level_progressions')
    .set({ [milestone]: at, updated_at: stamp })
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .where(milestone, 'is', null)
    .execute();
}

export async function setProgressionStartedAt(db: Executor, userId: number, level: number, at: number, stamp: number): Promise<void> {
  await db
    .updateTable('level_progressions')
    .set({ started_at: at, updated_at: stamp })
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .execute();
}

/** The highest level in the user's progressions, or null without any. */
export function highestLevelRead(db: Executor, userId: number): TallyRead<{ level: number; updatedAt: number } | null> {
  const progressions = db.selectFrom('level_progressions').where('user_id', '=', userId);
  return mapRead(tallyOf(tally(progressions, sql`max(level)`, sql`max(updated_at)`)), ([level, updatedAt]) =>
    level === null || updatedAt === null ? null : { level, updatedAt },
  );
}

export async function highestLevel(db: Executor, userId: number): Promise<{ level: number; updatedAt: number } | null> {
  return readTally(highestLevelRead(db, userId));
}

/**
 * Every user's current level (highest progression, else the stored fallback). Used by content
 * import, the one operation that spans users.
 */
export async function allUserLevels(db: Executor): Promise<{ userId: number; level: number }[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('level_progressions as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.level', sql<number | null>`max(p.level)`.as('top')])
    .groupBy(['u.id', 'u.level'])
    .execute();
  return rows.map((r) => ({ userId: r.id, level: r.top ?? r.level }));
}
