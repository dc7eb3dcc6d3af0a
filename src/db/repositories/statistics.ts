import type { QueryCreator, Selectable } from 'kysely';
import type { StatisticCounts } from '../../domain/srs/statistics.js';
import type { SubjectType } from '../../domain/subjects.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../../shared/paging.js';
import type { CredentialInRead } from '../../domain/model/credentials.js';
import type { ReviewStatisticsTable } from '../tables/study.js';
import type { Slots } from '../compiled.js';
import type { Database } from '../schema.js';
import type { Db } from '../connect.js';
import { columnsOf } from '../json-rows.js';
import type { Executor } from '../transaction.js';
import { pageByIdAgainst, pageLearnerById, whereSubjectScoped, withoutFilters, type LearnerCollection } from './paging.js';
import type { ReviewStatisticRecord, StatisticFilters } from '../../domain/model/statistics.js';

export function toStatistic(row: Selectable<ReviewStatisticsTable>): ReviewStatisticRecord {
  return {
    id: row.id,
    subjectId: row.subject_id,
    subjectType: row.subject_type as SubjectType,
    meaningCorrect: row.meaning_correct,
    meaningIncorrect: row.meaning_incorrect,
    meaningMaxStreak: row.meaning_max_streak,
    meaningCurrentStreak: row.meaning_current_streak,
    readingCorrect: row.reading_correct,
    readingIncorrect: row.reading_incorrect,
    readingMaxStreak: row.reading_max_streak,
    readingCurrentStreak: row.reading_current_streak,
    percentageCorrect: row.percentage_correct,
    hidden: row.hidden === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const STATISTIC_COLUMNS = columnsOf<ReviewStatisticsTable>({
  id: true,
  user_id: true,
  subject_id: true,
  subject_type: true,
  meaning_correct: true,
  meaning_incorrect: true,
  meaning_max_streak: true,
  meaning_current_streak: true,
  reading_correct: true,
  reading_incorrect: true,
  reading_max_streak: true,
  reading_current_streak: true,
  percentage_correct: true,
  hidden: true,
  created_at: true,
  updated_at: true,
});

const REVIEW_STATISTICS: LearnerCollection<StatisticFilters> = {
  name: 'review_statistics',
  columns: STATISTIC_COLUMNS,
  filtered: (db, userId, f) => {
    let q = whereSubjectScoped(db.selectFrom('review_statistics').where('user_id', '=', userId), f);
    if (f.percentageAtLeast !== undefined) q = q.where('percentage_correct', '>=', f.percentageAtLeast);
    if (f.percentageAtMost !== undefined) q = q.where('percentage_correct', '<=', f.percentageAtMost);
    return q;
  },
  countKept: () => true,
  unfiltered: (f) => withoutFilters(f),
  counted: 'review_statistics_count',
};

export async function pageStatistics(
  db: Db,
  userId: number,
  f: StatisticFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<ReviewStatisticRecord>> {
  const page = await pageLearnerById<Selectable<ReviewStatisticsTable>, StatisticFilters>(
    db,
    REVIEW_STATISTICS,
    userId,
    f,
    perPage,
    cursor,
  );
  return { ...page, rows: page.rows.map(toStatistic) };
}

/** `pageStatistics` read against the rows a caller holds (paging.ts, pageByIdAgainst). */
export function pageStatisticsAgainst(
  db: Db,
  userId: number,
  f: StatisticFilters,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  credential: CredentialInRead | null = null,
): Promise<HeldPage<ReviewStatisticRecord> | null> {
  return pageByIdAgainst(db, REVIEW_STATISTICS, userId, f, perPage, cursor, held, toStatistic, credential);
}

export async function findStatistic(db: Executor, userId: number, id: number): Promise<ReviewStatisticRecord | undefined> {
  const row = await db.selectFrom('review_statistics').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && toStatistic(row);
}

function countColumns(counts: StatisticCounts, percentage: number) {
  return {
    meaning_correct: counts.meaningCorrect,
    meaning_incorrect: counts.meaningIncorrect,
    meaning_max_streak: counts.meaningMaxStreak,
    meaning_current_streak: counts.meaningCurrentStreak,
    reading_correct: counts.readingCorrect,
    reading_incorrect: counts.readingIncorrect,
    reading_max_streak: counts.readingMaxStreak,
    reading_current_streak: counts.readingCurrentStreak,
    percentage_correct: percentage,
  };
}

type StatisticValues = StatisticCounts & { userId: number; percentage: number; stamp: number };
export type StatisticUpdateValues = StatisticValues & { statisticId: number };
export type StatisticInsertValues = StatisticValues & { subjectId: number; subjectType: SubjectType; hidden: number; now: number };

/**
 * A review's update of the learner's statistic of its subject (also a part of a review's one
 * statement on PostgreSQL, which returns the row). On SQLite nothing is returned: what the row
 * holds afterwards is known (reviewedStatistic), and `returning *` made SQLite buffer the row and
 * better-sqlite3 build 16 properties of it for every review (bench/README.md, "Eleventh pass").
 */
export function statisticUpdate(db: QueryCreator<Database>, v: Slots<StatisticUpdateValues>) {
  return db
    .updateTable('review_statistics')
    .set({ ...countColumns(v, v.percentage), updated_at: v.stamp })
    .where('user_id', '=', v.userId)
    .where('id', '=', v.statisticId);
}

/** The statistic a subject's first review creates. */
export function statisticRow(v: Slots<StatisticInsertValues>) {
  return {
    user_id: v.userId,
    subject_id: v.subjectId,
    subject_type: v.subjectType,
    hidden: v.hidden,
    ...countColumns(v, v.percentage),
    created_at: v.now,
    updated_at: v.stamp,
  };
}

/** The insert of the statistic a subject's first review creates (on SQLite: its id is the insert's row id). */
export function statisticInsert(db: QueryCreator<Database>, v: Slots<StatisticInsertValues>) {
  return db.insertInto('review_statistics').values(statisticRow(v));
}

/**
 * The learner's statistic as a review's write leaves it: `before` (the row the review read in its
 * transaction) with the new counts, or the row the subject's first review inserted as `id`; the
 * same as the row read back, without reading it.
 */
export function reviewedStatistic(v: StatisticInsertValues, before: ReviewStatisticRecord | undefined, id: number): ReviewStatisticRecord {
  return {
    id,
    subjectId: before?.subjectId ?? v.subjectId,
    subjectType: before?.subjectType ?? v.subjectType,
    meaningCorrect: v.meaningCorrect,
    meaningIncorrect: v.meaningIncorrect,
    meaningMaxStreak: v.meaningMaxStreak,
    meaningCurrentStreak: v.meaningCurrentStreak,
    readingCorrect: v.readingCorrect,
    readingIncorrect: v.readingIncorrect,
    readingMaxStreak: v.readingMaxStreak,
    readingCurrentStreak: v.readingCurrentStreak,
    percentageCorrect: v.percentage,
    hidden: before === undefined ? v.hidden === 1 : before.hidden,
    createdAt: before?.createdAt ?? v.now,
    updatedAt: v.stamp,
  };
}
