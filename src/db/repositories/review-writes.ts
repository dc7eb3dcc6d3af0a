import type { QueryCreator, Selectable } from 'kysely';
import type { DatabaseEngine } from '../../config/index.js';
import { activitySlot } from '../../domain/calendar/activity.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { LearnerWrite } from '../learner-writes.js';
import type { Database } from '../schema.js';
import type { ReviewStatisticsTable } from '../tables/study.js';
import type { Executor } from '../transaction.js';
import { activityAddition, type ActivityValues } from './activity.js';
import { reviewedStateUpdate, type AssignmentStateValues } from './assignments.js';
import { reviewInsert, type ReviewValues } from './reviews.js';
import { statisticInsert, statisticUpdate, type StatisticInsertValues, type StatisticUpdateValues } from './statistics.js';
import { learnerStampUpdate } from './users.js';

/**
 * Everything one review writes, as one set of values: a name two parts share carries the same value
 * in both (userId, stamp, assignmentId, subjectId, subjectType, hidden, correct). `statisticId` is
 * the learner's statistic of the subject, or null for the subject's first review.
 */
export type ReviewWriteValues = AssignmentStateValues &
  StatisticInsertValues &
  ReviewValues &
  Omit<StatisticUpdateValues, 'statisticId'> & { statisticId: number | null };

type AllValues = ReviewWriteValues & ActivityValues;

export interface WrittenReview {
  statistic: Selectable<ReviewStatisticsTable>;
  reviewId: number;
}

const saveState = compiledOnce(reviewedStateUpdate);
const updateStatistic = compiledOnce(statisticUpdate);
const insertStatistic = compiledOnce(statisticInsert);
const insertReview = compiledOnce(reviewInsert);
const addActivity = compiledOnce(activityAddition);

/**
 * On PostgreSQL, one statement: the assignment's new state, the statistic, the review log's row,
 * the activity slot and the learner's stamp, as data-modifying CTEs. They write different tables
 * and read nothing another one writes, so running them in one snapshot changes no result; what was
 * five round trips is one (bench/README.md, "Third pass").
 */
function allInOne(db: Executor, v: Slots<AllValues>, statistic: 'insert' | 'update') {
  // Each part reads only the application's tables, never an earlier part's rows.
  const tables = (qc: unknown) => qc as QueryCreator<Database>;
  return db
    .with('assignment', (qc) => reviewedStateUpdate(tables(qc), v))
    .with('statistic', (qc) =>
      statistic === 'insert' ? statisticInsert(tables(qc), v) : statisticUpdate(tables(qc), v as Slots<StatisticUpdateValues>),
    )
    .with('review', (qc) => reviewInsert(tables(qc), v))
    .with('activity', (qc) => activityAddition(tables(qc), v))
    .with('stamp', (qc) => learnerStampUpdate(tables(qc), v))
    .selectFrom(['statistic', 'review'])
    .selectAll('statistic')
    .select('review.id as review_id');
}

const allInOneInsertingStatistic = compiledOnce((db, v: Slots<AllValues>) => allInOne(db, v, 'insert'));
const allInOneUpdatingStatistic = compiledOnce((db, v: Slots<AllValues>) => allInOne(db, v, 'update'));

/**
 * Writes a review inside the learner's write: on PostgreSQL in one statement that also saves the
 * learner's stamp; on SQLite (no data-modifying CTEs, and a statement costs no round trip) one
 * statement each, the stamp left to the write.
 */
export async function writeReview(write: LearnerWrite, engine: DatabaseEngine, values: ReviewWriteValues): Promise<WrittenReview> {
  const { trx } = write;
  const all: AllValues = { ...values, slot: activitySlot(values.createdAt), reviews: 1, lessons: 0 };
  if (engine === 'postgres') {
    const { rows } = await (all.statisticId === null ? allInOneInsertingStatistic : allInOneUpdatingStatistic)(trx, all);
    write.stampSaved();
    const row = rows[0];
    if (row === undefined) throw new Error(`review statistic ${all.statisticId} of user ${all.userId} is gone`);
    const { review_id: reviewId, ...statistic } = row;
    return { statistic, reviewId };
  }
  await saveState(trx, all);
  const { statisticId } = all;
  const [statistic] = (statisticId === null ? await insertStatistic(trx, all) : await updateStatistic(trx, { ...all, statisticId })).rows;
  if (statistic === undefined) throw new Error(`review statistic ${statisticId} of user ${all.userId} is gone`);
  const [review] = (await insertReview(trx, all)).rows;
  await addActivity(trx, all);
  return { statistic, reviewId: review!.id };
}
