import { sql, type InsertQueryBuilder, type QueryCreator, type QueryResult } from 'kysely';
import type { DatabaseEngine } from '../../config/index.js';
import { activitySlot } from '../../domain/calendar/activity.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { LearnerWrite } from '../learner-writes.js';
import type { Database } from '../schema.js';
import type { SqliteStatements } from '../sqlite-driver.js';
import type { Executor } from '../transaction.js';
import type { AssignmentState } from '../../domain/srs/engine.js';
import type { StatisticCounts } from '../../domain/srs/statistics.js';
import type { SubjectType } from '../../domain/subjects.js';
import type { ReviewRecord } from '../../domain/model/reviews.js';
import type { ReviewStatisticRecord } from '../../domain/model/statistics.js';
import { activityAddition, activityRow, addingToSlot, type ActivityValues } from './activity.js';
import { reviewedStateUpdate, type AssignmentStateValues } from './assignments.js';
import { reviewInsert, reviewRow, type ReviewValues } from './reviews.js';
import {
  reviewedStatistic,
  statisticInsert,
  statisticRow,
  statisticUpdate,
  type StatisticInsertValues,
  type StatisticUpdateValues,
} from './statistics.js';
import { learnerStampUpdate } from './users.js';

/**
 * Everything one review writes, as one set of values: a name two parts share carries the same value
 * in both (userId, stamp, assignmentId, subjectId, subjectType, hidden, correct). `statisticId` is
 * the learner's statistic of the subject, or null for the subject's first review. `stampRead` is the
 * learner's stamp the review read with its target: on PostgreSQL the review is written only if it is
 * still the learner's stamp. Made by reviewWriteValues.
 */
export type ReviewWriteValues = AssignmentStateValues &
  StatisticInsertValues &
  ReviewValues &
  ActivityValues &
  Omit<StatisticUpdateValues, 'statisticId'> & { statisticId: number | null; stampRead: number };

/** What a planned review knows, from which reviewWriteValues makes the values of its statements. */
export interface ReviewWriteParts {
  state: AssignmentState;
  counts: StatisticCounts;
  review: Omit<ReviewRecord, 'id'>;
  userId: number;
  stamp: number;
  stampRead: number;
  now: number;
  statisticId: number | null;
  percentage: number;
  subjectType: SubjectType;
  hidden: number;
  correct: number;
}

/**
 * The review's values, each field named once. Merging the parts with object spreads made an object
 * of some 45 properties (the whole assignment among them) in dictionary mode, copied twice more on
 * the way to the statements: the largest allocation of a review on the event loop (bench/README.md,
 * "Seventh pass").
 */
export function reviewWriteValues(p: ReviewWriteParts): ReviewWriteValues {
  const { state, counts, review } = p;
  return {
    srsStage: state.srsStage,
    unlockedAt: state.unlockedAt,
    startedAt: state.startedAt,
    passedAt: state.passedAt,
    burnedAt: state.burnedAt,
    availableAt: state.availableAt,
    resurrectedAt: state.resurrectedAt,
    meaningCorrect: counts.meaningCorrect,
    meaningIncorrect: counts.meaningIncorrect,
    meaningMaxStreak: counts.meaningMaxStreak,
    meaningCurrentStreak: counts.meaningCurrentStreak,
    readingCorrect: counts.readingCorrect,
    readingIncorrect: counts.readingIncorrect,
    readingMaxStreak: counts.readingMaxStreak,
    readingCurrentStreak: counts.readingCurrentStreak,
    assignmentId: review.assignmentId,
    subjectId: review.subjectId,
    createdAt: review.createdAt,
    startingSrsStage: review.startingSrsStage,
    endingSrsStage: review.endingSrsStage,
    incorrectMeaningAnswers: review.incorrectMeaningAnswers,
    incorrectReadingAnswers: review.incorrectReadingAnswers,
    spacedRepetitionSystemId: review.spacedRepetitionSystemId,
    updatedAt: review.updatedAt,
    userId: p.userId,
    stamp: p.stamp,
    stampRead: p.stampRead,
    now: p.now,
    statisticId: p.statisticId,
    percentage: p.percentage,
    subjectType: p.subjectType,
    hidden: p.hidden,
    correct: p.correct,
    slot: activitySlot(review.createdAt),
    reviews: 1,
    lessons: 0,
  };
}

export interface WrittenReview {
  statistic: ReviewStatisticRecord;
  reviewId: number;
}

const saveState = compiledOnce(reviewedStateUpdate);
const updateStatistic = compiledOnce(statisticUpdate);
const insertStatistic = compiledOnce(statisticInsert);
const insertReview = compiledOnce(reviewInsert);
const addActivity = compiledOnce(activityAddition);

/** The part of a review's one statement that moves the learner's stamp; every other part happens only if it did. */
const STAMPED = 'stamped';
const ifStamped = sql<boolean>`exists (select from ${sql.table(STAMPED)})`;

/**
 * The learner's stamp moved to the review's, if it is still the one the review read. Under READ
 * COMMITTED an update that waited for a concurrent write of the row checks the row's new version,
 * so a write of the learner that committed after the read makes this match nothing.
 */
function stampIfUnmoved(db: QueryCreator<Database>, v: Slots<ReviewWriteValues>) {
  return learnerStampUpdate(db, v).where('change_stamp', '=', v.stampRead).returning('id');
}

/** `insert` with `row` selected from the stamp's part: the row is inserted only if the stamp moved. */
function insertIfStamped<DB, TB extends keyof DB, O>(insert: InsertQueryBuilder<DB, TB, O>, row: Record<string, unknown>) {
  const columns = Object.keys(row);
  return insert
    .columns(columns as never)
    .expression(sql`select ${sql.join(columns.map((column) => row[column]))} from ${sql.table(STAMPED)}`);
}

/**
 * On PostgreSQL, one statement: the learner's stamp, the assignment's new state, the statistic,
 * the review log's row and the activity slot, as data-modifying CTEs, all of them only if the
 * stamp is unmoved. They write different tables and read nothing another one writes, so running
 * them in one snapshot changes no result; what was five round trips is one (bench/README.md, "Third
 * pass"), and a statement is a transaction of its own (docs/decisions.md, "A review without BEGIN").
 */
function allInOne(db: Executor, v: Slots<ReviewWriteValues>, statistic: 'insert' | 'update') {
  // Each part reads only the application's tables and the stamp's part, never another part's rows.
  const tables = (qc: unknown) => qc as QueryCreator<Database>;
  return db
    .with(STAMPED, (qc) => stampIfUnmoved(tables(qc), v))
    .with('assignment', (qc) => reviewedStateUpdate(tables(qc), v).where(ifStamped))
    .with('statistic', (qc) =>
      statistic === 'insert'
        ? insertIfStamped(tables(qc).insertInto('review_statistics'), statisticRow(v)).returning('id')
        : statisticUpdate(tables(qc), v as Slots<StatisticUpdateValues>)
            .where(ifStamped)
            .returning('id'),
    )
    .with('review', (qc) => insertIfStamped(tables(qc).insertInto('reviews'), reviewRow(v)).returning('id'))
    .with('activity', (qc) => insertIfStamped(tables(qc).insertInto('study_activity'), activityRow(v)).onConflict(addingToSlot))
    .selectFrom(STAMPED)
    .leftJoin('statistic', (join) => join.onTrue())
    .leftJoin('review', (join) => join.onTrue())
    .select(['statistic.id as statistic_id', 'review.id as review_id']);
}

const allInOneInsertingStatistic = compiledOnce((db, v: Slots<ReviewWriteValues>) => allInOne(db, v, 'insert'));
const allInOneUpdatingStatistic = compiledOnce((db, v: Slots<ReviewWriteValues>) => allInOne(db, v, 'update'));

/**
 * On PostgreSQL, writes a review and moves the learner's stamp to `stamp` in one statement if the
 * learner's stamp is still `stampRead`; undefined, having written nothing, if it has moved. `before`
 * is the learner's statistic of the subject as the review read it: the statistic answered is made
 * from it and the written values (reviewedStatistic), as on SQLite, not read back. An unmoved stamp
 * means nothing the review read has changed since (docs/decisions.md, "A review without BEGIN").
 */
export async function writeReviewIfStampUnmoved(
  db: Executor,
  all: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
): Promise<WrittenReview | undefined> {
  const { rows } = await (all.statisticId === null ? allInOneInsertingStatistic : allInOneUpdatingStatistic)(db, all);
  const row = rows[0];
  return row && writtenReview(all, before, row);
}

/** What a review's statement wrote, from the ids it answered: the statistic made, not read back (reviewedStatistic). */
export function writtenReview(
  all: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
  { statistic_id: statisticId, review_id: reviewId }: { statistic_id: number | null; review_id: number | null },
): WrittenReview {
  if (reviewId === null || statisticId === null) throw new Error(`review statistic ${all.statisticId} of user ${all.userId} is gone`);
  return { statistic: reviewedStatistic(all, before, statisticId), reviewId };
}

/** Whether the review updates the learner's statistic of the subject (it has one) rather than inserting it. */
function isUpdate(values: ReviewWriteValues): values is ReviewWriteValues & StatisticUpdateValues {
  return values.statisticId !== null;
}

/**
 * Writes a review inside the learner's write: on PostgreSQL in one statement that also saves the
 * learner's stamp (which the lock keeps unmoved); on SQLite (no data-modifying CTEs, and a
 * statement costs no round trip) one statement each, the stamp left to the write. `before` is the
 * learner's statistic of the subject as the review read it in this transaction.
 */
export async function writeReview(
  write: LearnerWrite,
  engine: DatabaseEngine,
  all: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
): Promise<WrittenReview> {
  const { trx } = write;
  if (engine === 'postgres') {
    const written = await writeReviewIfStampUnmoved(trx, all, before);
    if (written === undefined) throw new Error(`the stamp of user ${all.userId} moved under its lock`);
    write.stampSaved();
    return written;
  }
  await saveState(trx, all);
  const statistic = isUpdate(all) ? await updateStatistic(trx, all) : await insertStatistic(trx, all);
  const review = await insertReview(trx, all);
  await addActivity(trx, all);
  return sqliteWritten(all, before, statistic, review);
}

/**
 * writeReview's SQLite statements run at once in a SQLite transaction run in one go
 * (sqliteTransactionNow), `db` its database; the learner's stamp is left to the caller.
 */
export function writeReviewNow(
  db: Executor,
  statements: SqliteStatements,
  all: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
): WrittenReview {
  saveState.now(db, statements, all);
  const statistic = isUpdate(all) ? updateStatistic.now(db, statements, all) : insertStatistic.now(db, statements, all);
  const review = insertReview.now(db, statements, all);
  addActivity.now(db, statements, all);
  return sqliteWritten(all, before, statistic, review);
}

/**
 * What a review's SQLite statements wrote, from the results of its statistic's write and its log's
 * insert: nothing is read back (reviewedStatistic), the ids are the inserts' row ids.
 */
function sqliteWritten(
  all: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
  statistic: QueryResult<unknown>,
  review: QueryResult<unknown>,
): WrittenReview {
  if (statistic.numAffectedRows !== 1n) throw new Error(`review statistic ${all.statisticId} of user ${all.userId} is gone`);
  const statisticId = all.statisticId ?? Number(statistic.insertId);
  return { statistic: reviewedStatistic(all, before, statisticId), reviewId: Number(review.insertId) };
}
