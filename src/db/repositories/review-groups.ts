import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { ReviewStatisticRecord } from '../../domain/model/statistics.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Database } from '../schema.js';
import type { Executor } from '../transaction.js';
import { activityRow, addingToSlot } from './activity.js';
import { reviewedStateUpdate } from './assignments.js';
import { writeReviewIfStampUnmoved, writtenReview, type ReviewWriteValues, type WrittenReview } from './review-writes.js';
import { reviewRow } from './reviews.js';
import { statisticRow, statisticUpdate } from './statistics.js';
import { learnerStampUpdate } from './users.js';

/**
 * The most reviews one group statement writes. A group forms while other write statements are in
 * flight, so its size follows the load; the cap bounds one statement's work and the wait of its
 * last write, as SQLite's batches are bounded (docs/decisions.md, "SQLite group commit").
 */
const MAX_REVIEWS_PER_GROUP = 64;

/**
 * How many review write statements (lone or grouped) a process has in flight at most; a write that
 * finds this many waits and goes with the next group. One alone serialised the process's commits:
 * a statement whose backend waited for a core or for its WAL flush stalled every review behind it,
 * and PostgreSQL no longer flushed concurrent commits together. Two keep one group forming while
 * the other commits (bench/README.md, "PostgreSQL reviews committed in groups": 1, 2 and 4 in turns).
 */
export const GROUP_STATEMENTS_IN_FLIGHT = 2;

/**
 * Each value a review's write uses, with its PostgreSQL type: the group statement takes one array
 * per value (so one text serves a group of any size) and reads them back as rows with unnest.
 */
const GROUP_COLUMNS = {
  userId: 'integer',
  stamp: 'bigint',
  stampRead: 'bigint',
  now: 'bigint',
  assignmentId: 'integer',
  srsStage: 'integer',
  passedAt: 'bigint',
  burnedAt: 'bigint',
  availableAt: 'bigint',
  statisticId: 'integer',
  subjectId: 'integer',
  subjectType: 'text',
  hidden: 'integer',
  meaningCorrect: 'integer',
  meaningIncorrect: 'integer',
  meaningMaxStreak: 'integer',
  meaningCurrentStreak: 'integer',
  readingCorrect: 'integer',
  readingIncorrect: 'integer',
  readingMaxStreak: 'integer',
  readingCurrentStreak: 'integer',
  percentage: 'integer',
  createdAt: 'bigint',
  startingSrsStage: 'integer',
  endingSrsStage: 'integer',
  incorrectMeaningAnswers: 'integer',
  incorrectReadingAnswers: 'integer',
  correct: 'integer',
  spacedRepetitionSystemId: 'integer',
  updatedAt: 'bigint',
  slot: 'bigint',
  reviews: 'integer',
  lessons: 'integer',
} as const satisfies Partial<Record<keyof ReviewWriteValues, string>>;

type GroupColumn = keyof typeof GROUP_COLUMNS;
type GroupArrays = { readonly [K in GroupColumn]: readonly ReviewWriteValues[K][] };
const COLUMN_NAMES = Object.keys(GROUP_COLUMNS) as GroupColumn[];

/** The learners of the group whose stamps are still the ones read, their rows locked; their reviews' values. */
const LOCKED = 'locked';
/** The part moving those learners' stamps: every other part writes only the reviews it returns. */
const STAMPED = 'stamped';
/** The alias of a row of the group's values inside each part. */
const ROW = 'g';

/**
 * A review's values as the columns of its row of the group (`g`."userId"...): the same builders as
 * a lone review's statement (review-writes.ts) then write each row. A value the group does not
 * carry is refused when the statement is built, never sent.
 */
const eachRow = new Proxy(
  {},
  {
    get: (_target, name) => {
      if (typeof name !== 'string' || !(name in GROUP_COLUMNS)) throw new Error(`a review group carries no ${String(name)}`);
      return sql.ref(`${ROW}.${name}`);
    },
  },
) as Slots<ReviewWriteValues>;

/** `insert` of `row` (column -> a value of eachRow) for each review `stamped` returns, or each that `only` keeps. */
function insertEach<T extends 'review_statistics' | 'reviews' | 'study_activity'>(
  qc: QueryCreator<Database>,
  table: T,
  row: Record<string, unknown>,
  only?: RawBuilder<unknown>,
) {
  const columns = Object.keys(row);
  const rows = sql`select ${sql.join(columns.map((column) => row[column]))} from ${sql.table(STAMPED)} as ${sql.id(ROW)}`;
  return qc
    .insertInto(table)
    .columns(columns as never)
    .expression(only === undefined ? rows : sql`${rows} where ${only}`);
}

/** The id a part of the group statement returned for the learner of the group's row. */
const idOf = (part: string) =>
  sql`(select ${sql.ref(`${part}.id`)} from ${sql.table(part)} where ${sql.ref(`${part}.user_id`)} = ${eachRow.userId})`;

/**
 * Several learners' reviews in one statement, so they share one transaction and one commit (one
 * WAL flush, one round trip) instead of paying one each (docs/decisions.md, "PostgreSQL reviews
 * committed in groups"). Each review keeps its own stamp condition: `locked` keeps the rows whose
 * learner's stamp is still the one read and locks those learners in id order (a row updated since
 * the statement's snapshot is checked again on its newest version, under READ COMMITTED), so two
 * processes' groups take learners' locks in one order and cannot deadlock on them; every other
 * row of a learner a review writes is written only once its learner is locked, as in a lone
 * review. Every other part writes only the reviews `stamped` returns, with the parts of a lone
 * review's statement. At most one review per learner: the statistic and the review log's row are
 * matched back to their review by learner.
 */
function group(db: Executor, arrays: Slots<GroupArrays>) {
  const tables = (qc: unknown) => qc as QueryCreator<Database>;
  const from = sql`${sql.table(STAMPED)} as ${sql.id(ROW)}` as never;
  const unnested = sql.join(COLUMN_NAMES.map((name) => sql`${arrays[name]}::${sql.raw(GROUP_COLUMNS[name])}[]`));
  return db
    .with(
      (cte) => cte(LOCKED).materialized(),
      () =>
        sql`(select ${sql.id(ROW)}.* from unnest(${unnested}) as ${sql.id(ROW)}(${sql.join(COLUMN_NAMES.map((name) => sql.id(name)))})
          join ${sql.table('users')} on ${sql.ref('users.id')} = ${eachRow.userId} and ${sql.ref('users.change_stamp')} = ${eachRow.stampRead}
          order by ${sql.ref('users.id')} for update of ${sql.table('users')})`,
    )
    .with(STAMPED, (qc) =>
      learnerStampUpdate(tables(qc), eachRow)
        .from(sql`${sql.table(LOCKED)} as ${sql.id(ROW)}` as never)
        .where('change_stamp', '=', eachRow.stampRead)
        .returning(sql`${sql.id(ROW)}.*` as never),
    )
    .with('assignment', (qc) => reviewedStateUpdate(tables(qc), eachRow).from(from))
    .with('statistic_updated', (qc) =>
      statisticUpdate(tables(qc), eachRow as never)
        .from(from)
        .returning(['review_statistics.id', 'review_statistics.user_id']),
    )
    .with('statistic_inserted', (qc) =>
      insertEach(tables(qc), 'review_statistics', statisticRow(eachRow), sql`${eachRow.statisticId} is null`).returning(['id', 'user_id']),
    )
    .with('review', (qc) => insertEach(tables(qc), 'reviews', reviewRow(eachRow)).returning(['id', 'user_id']))
    .with('activity', (qc) => insertEach(tables(qc), 'study_activity', activityRow(eachRow)).onConflict(addingToSlot))
    .selectFrom(from)
    .select(sql<number>`${eachRow.userId}`.as('user_id'))
    .select([
      sql<number | null>`coalesce(${idOf('statistic_updated')}, ${idOf('statistic_inserted')})`.as('statistic_id'),
      sql<number | null>`${idOf('review')}`.as('review_id'),
    ]);
}

const writeGroup = compiledOnce(group);

/** The group statement's values: one array per column, the reviews in the same order in each. */
function arraysOf(writes: readonly GroupedWrite[]): GroupArrays {
  const arrays: Record<string, unknown[]> = {};
  for (const name of COLUMN_NAMES) arrays[name] = writes.map((write) => write.values[name]);
  return arrays as unknown as GroupArrays;
}

/** A review waiting for a write statement in flight to end, to go with the next group. */
interface GroupedWrite {
  values: ReviewWriteValues;
  before: ReviewStatisticRecord | undefined;
  resolve(written: WrittenReview | undefined): void;
  reject(error: unknown): void;
}

/** writeReviewIfStampUnmoved for a write that waited, its answer or failure given to the write's caller. */
function writeAlone(db: Executor, write: GroupedWrite): Promise<void> {
  return writeReviewIfStampUnmoved(db, write.values, write.before).then(write.resolve, write.reject);
}

/**
 * One process's plain reviews on one PostgreSQL database, written in groups: a write goes at once,
 * alone, when fewer than GROUP_STATEMENTS_IN_FLIGHT write statements are in flight (a lone review
 * waits for nothing); writes that arrive while that many are wait, and when one ends, those waiting
 * go together in one statement in its place, and so on. A group holds at most one review per
 * learner (the learner's gate lets one write of a learner run at a time anyway) and at most
 * MAX_REVIEWS_PER_GROUP.
 */
class ReviewGroups {
  #inFlight = 0;
  #waiting: GroupedWrite[] = [];

  constructor(private readonly db: Executor) {}

  write(values: ReviewWriteValues, before: ReviewStatisticRecord | undefined): Promise<WrittenReview | undefined> {
    if (this.#inFlight >= GROUP_STATEMENTS_IN_FLIGHT)
      return new Promise((resolve, reject) => this.#waiting.push({ values, before, resolve, reject }));
    this.#inFlight += 1;
    return writeReviewIfStampUnmoved(this.db, values, before).finally(() => this.#next());
  }

  /** Once a statement ended: the next group goes in its place, or the place is free. */
  #next(): void {
    if (this.#waiting.length === 0) {
      this.#inFlight -= 1;
      return;
    }
    void this.#write(this.#take()).finally(() => this.#next());
  }

  /** The next group: the writes waiting longest, one per learner, at most MAX_REVIEWS_PER_GROUP. */
  #take(): GroupedWrite[] {
    const learners = new Set<number>();
    const taken: GroupedWrite[] = [];
    const left: GroupedWrite[] = [];
    for (const write of this.#waiting) {
      if (taken.length < MAX_REVIEWS_PER_GROUP && !learners.has(write.values.userId)) {
        learners.add(write.values.userId);
        taken.push(write);
      } else left.push(write);
    }
    this.#waiting = left;
    return taken;
  }

  /**
   * Writes a group in one statement; a review whose learner's stamp moved is answered undefined
   * (the locked path takes it, as a lone one's). If the server refuses the statement (a deadlock,
   * one review's constraint error), none of it was written, and each review is written alone, so
   * that only a review that fails alone fails; if the connection is lost, each fails.
   */
  async #write(writes: GroupedWrite[]): Promise<void> {
    if (writes.length === 1) return writeAlone(this.db, writes[0]!);
    let rows: { user_id: number; statistic_id: number | null; review_id: number | null }[];
    try {
      ({ rows } = await writeGroup(this.db, arraysOf(writes)));
    } catch (error) {
      // An error the server answered (a deadlock, a refused row) undid the whole statement: each
      // write is tried alone. Any other (the connection lost) leaves the group's outcome unknown,
      // and a write tried again would find its stamp moved by a group that committed and be
      // written twice by the locked path: each fails as a lone write does then.
      if (error instanceof pg.DatabaseError) await Promise.all(writes.map((write) => writeAlone(this.db, write)));
      else for (const write of writes) write.reject(error);
      return;
    }
    const byLearner = new Map(rows.map((row) => [row.user_id, row]));
    for (const write of writes) {
      const row = byLearner.get(write.values.userId);
      try {
        write.resolve(row && writtenReview(write.values, write.before, row));
      } catch (error) {
        write.reject(error);
      }
    }
  }
}

const groupsOf = new WeakMap<Executor, ReviewGroups>();

/**
 * writeReviewIfStampUnmoved, in a group with other learners' reviews when the process has
 * GROUP_STATEMENTS_IN_FLIGHT write statements in flight (ReviewGroups). Outside any transaction,
 * on PostgreSQL only.
 */
export function writeReviewInGroup(
  db: Executor,
  values: ReviewWriteValues,
  before: ReviewStatisticRecord | undefined,
): Promise<WrittenReview | undefined> {
  let groups = groupsOf.get(db);
  if (groups === undefined) groupsOf.set(db, (groups = new ReviewGroups(db)));
  return groups.write(values, before);
}
