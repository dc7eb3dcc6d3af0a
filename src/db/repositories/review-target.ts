import type { Selectable } from 'kysely';
import type { SubjectType } from '../../domain/subjects.js';
import type { AssignmentsTable, ReviewStatisticsTable } from '../tables/study.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { SqliteStatements } from '../sqlite-driver.js';
import type { Executor } from '../transaction.js';
import { ASSIGNMENT_COLUMNS, toAssignment } from './assignments.js';
import { contentVersionColumn, credentialUserId } from './credentials.js';
import { toStatistic } from './statistics.js';
import type { AssignmentRecord } from '../../domain/model/assignments.js';
import type { CredentialHashes, CredentialOwner } from '../../domain/model/credentials.js';
import type { ReviewStatisticRecord } from '../../domain/model/statistics.js';
import type { SubjectFacts } from '../../domain/model/subjects.js';

/**
 * What a review reads before it writes: the assignment, its subject's facts, the learner's statistic
 * of it, and the learner's change stamp as of the same read (src/db/learner-writes.ts, inLearnerWriteUnlockedFirst).
 */
export interface ReviewTarget {
  assignment: AssignmentRecord;
  learnerStamp: number;
  /** Undefined when the subject row is gone (the caller treats that as a broken store). */
  subject: SubjectFacts | undefined;
  statistic: ReviewStatisticRecord | undefined;
}

/** The statistic's columns the target reads, each as `statistic_<column>`. */
export const STATISTIC_COLUMNS = [
  'id',
  'user_id',
  'subject_id',
  'subject_type',
  'meaning_correct',
  'meaning_incorrect',
  'meaning_max_streak',
  'meaning_current_streak',
  'reading_correct',
  'reading_incorrect',
  'reading_max_streak',
  'reading_current_streak',
  'percentage_correct',
  'hidden',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ReviewStatisticsTable)[];

/**
 * The learner `learner` names (an id, or credentialUserId's expression), their assignment whose
 * `key` is `id` joined with its subject's facts and the learner's statistic of the subject, and
 * the learner's stamp: one row whenever the learner exists, with the assignment's columns null when
 * it names none of theirs.
 */
function targetQuery(db: Executor, learner: number | ReturnType<typeof credentialUserId>, key: 'a.id' | 'a.subject_id', id: number) {
  return (
    db
      .selectFrom('users as u')
      .leftJoin('assignments as a', (join) => join.onRef('a.user_id', '=', 'u.id').on(key, '=', id))
      .leftJoin('subjects as s', 's.id', 'a.subject_id')
      .leftJoin('review_statistics as rs', (join) => join.onRef('rs.subject_id', '=', 'a.subject_id').onRef('rs.user_id', '=', 'u.id'))
      // Named rather than `a.*`: the driver builds the row of a statement naming its columns itself
      // (src/db/sqlite-rows.ts), at less than half of better-sqlite3's cost on Node 20.
      .select(ASSIGNMENT_COLUMNS.map((column) => `a.${column}` as const))
      .select([
        'u.id as learner_id',
        'u.uuid as learner_uuid',
        'u.change_stamp as learner_stamp',
        's.id as subject_row_id',
        's.object as subject_object',
        's.level as subject_row_level',
        's.spaced_repetition_system_id as subject_srs_id',
        's.hidden_at as subject_hidden_at',
      ])
      .select((eb) => STATISTIC_COLUMNS.map((column) => eb.ref(`rs.${column}`).as(`statistic_${column}`)))
      .where('u.id', '=', learner)
  );
}

/** Each statistic column with its name in the target's row, made once rather than for every review. */
const STATISTIC_ALIASES = STATISTIC_COLUMNS.map((column) => [column, `statistic_${column}`] as const);

type ById = Slots<{ userId: number; id: number }>;
const targetByAssignment = compiledOnce((db, { userId, id }: ById) => targetQuery(db, userId, 'a.id', id));
const targetBySubject = compiledOnce((db, { userId, id }: ById) => targetQuery(db, userId, 'a.subject_id', id));

/** Which assignment a review names: by its id or by its subject's. */
export type TargetKey = { assignmentId: number } | { subjectId: number };

/**
 * The learner's assignment (by its id or its subject's), with its subject's facts, the learner's
 * review statistic of that subject and the learner's stamp, in one statement: on PostgreSQL each
 * statement of a review is a round trip, and these reads were four (bench/README.md, POST /reviews).
 */
export async function findReviewTarget(db: Executor, userId: number, by: TargetKey): Promise<ReviewTarget | undefined> {
  const { rows } = await ('assignmentId' in by
    ? targetByAssignment(db, { userId, id: by.assignmentId })
    : targetBySubject(db, { userId, id: by.subjectId }));
  const row = rows[0];
  return row === undefined ? undefined : targetOf(row);
}

/** findReviewTarget run at once in a SQLite transaction run in one go (sqliteTransactionNow); `db` is its database. */
export function findReviewTargetNow(db: Executor, statements: SqliteStatements, userId: number, by: TargetKey): ReviewTarget | undefined {
  const { rows } =
    'assignmentId' in by
      ? targetByAssignment.now(db, statements, { userId, id: by.assignmentId })
      : targetBySubject.now(db, statements, { userId, id: by.subjectId });
  const row = rows[0];
  return row === undefined ? undefined : targetOf(row);
}

/** The target in a row of `targetQuery`; undefined when the row names no assignment. */
function targetOf(row: TargetRow): ReviewTarget | undefined {
  if (row.id === null) return undefined;
  const raw = row as unknown as Record<string, unknown>;
  let statistic: ReviewStatisticRecord | undefined;
  if (raw.statistic_id !== null) {
    const columns: Record<string, unknown> = {};
    for (const [column, alias] of STATISTIC_ALIASES) columns[column] = raw[alias];
    statistic = toStatistic(columns as Selectable<ReviewStatisticsTable>);
  }
  const subject: SubjectFacts | undefined =
    row.subject_row_id === null
      ? undefined
      : {
          id: row.subject_row_id,
          object: row.subject_object as SubjectType,
          level: row.subject_row_level as number,
          srsId: row.subject_srs_id as number,
          hidden: row.subject_hidden_at !== null,
        };
  return { assignment: toAssignment(row as Selectable<AssignmentsTable>), learnerStamp: row.learner_stamp, subject, statistic };
}

type TargetRow = Awaited<ReturnType<typeof targetByAssignment>>['rows'][number];

type ByCredential = Slots<CredentialHashes & { now: number; id: number }>;
const targetOfCredential = (db: Executor, v: ByCredential, key: 'a.id' | 'a.subject_id') =>
  targetQuery(db, credentialUserId(db, v, v.now), key, v.id).select(contentVersionColumn(db));
const targetByCredentialAndAssignment = compiledOnce((db, v: ByCredential) => targetOfCredential(db, v, 'a.id'));
const targetByCredentialAndSubject = compiledOnce((db, v: ByCredential) => targetOfCredential(db, v, 'a.subject_id'));

/** The learner a credential names, and the review's target among their assignments (undefined when it names none of them). */
export interface CredentialTarget {
  owner: CredentialOwner;
  target: ReviewTarget | undefined;
}

/**
 * findReviewTarget of the learner whose credential has `hashes`, the credential checked at `now`
 * in the same statement, with what the credential check tells a request (CredentialOwner): a
 * review on PostgreSQL then needs no round trip for its credential. Undefined when the credential
 * does not pass.
 */
export async function findReviewTargetByCredential(
  db: Executor,
  hashes: CredentialHashes,
  now: number,
  by: TargetKey,
): Promise<CredentialTarget | undefined> {
  const values = { ...hashes, now, id: 'assignmentId' in by ? by.assignmentId : by.subjectId };
  const { rows } = await ('assignmentId' in by ? targetByCredentialAndAssignment : targetByCredentialAndSubject)(db, values);
  const row = rows[0];
  if (row === undefined) return undefined;
  const owner: CredentialOwner = {
    userId: row.learner_id,
    uuid: row.learner_uuid,
    changeStamp: row.learner_stamp,
    contentVersion: row.content_version ?? 0,
  };
  return { owner, target: targetOf(row) };
}
