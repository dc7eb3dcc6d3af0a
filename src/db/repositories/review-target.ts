import type { Selectable } from 'kysely';
import type { SubjectType } from '../../domain/subjects.js';
import type { ReviewStatisticsTable } from '../tables/study.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import { toAssignment } from './assignments.js';
import { toStatistic } from './statistics.js';
import type { AssignmentRecord } from '../../domain/model/assignments.js';
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

const STATISTIC_COLUMNS = [
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

/** The learner's assignments joined with their subjects' facts, the learner's statistics of them and the learner's stamp. */
function targetQuery(db: Executor, userId: number) {
  return db
    .selectFrom('assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('subjects as s', 's.id', 'a.subject_id')
    .leftJoin('review_statistics as rs', (join) => join.onRef('rs.subject_id', '=', 'a.subject_id').on('rs.user_id', '=', userId))
    .selectAll('a')
    .select([
      'u.change_stamp as learner_stamp',
      's.id as subject_row_id',
      's.object as subject_object',
      's.level as subject_row_level',
      's.spaced_repetition_system_id as subject_srs_id',
      's.hidden_at as subject_hidden_at',
    ])
    .select((eb) => STATISTIC_COLUMNS.map((column) => eb.ref(`rs.${column}`).as(`statistic_${column}`)))
    .where('a.user_id', '=', userId);
}

const targetByAssignment = compiledOnce((db, { userId, id }: Slots<{ userId: number; id: number }>) =>
  targetQuery(db, userId).where('a.id', '=', id),
);
const targetBySubject = compiledOnce((db, { userId, id }: Slots<{ userId: number; id: number }>) =>
  targetQuery(db, userId).where('a.subject_id', '=', id),
);

/**
 * The learner's assignment (by its id or its subject's), with its subject's facts, the learner's
 * review statistic of that subject and the learner's stamp, in one statement: on PostgreSQL each
 * statement of a review is a round trip, and these reads were four (bench/README.md, POST /reviews).
 */
export async function findReviewTarget(
  db: Executor,
  userId: number,
  by: { assignmentId: number } | { subjectId: number },
): Promise<ReviewTarget | undefined> {
  const { rows } = await ('assignmentId' in by
    ? targetByAssignment(db, { userId, id: by.assignmentId })
    : targetBySubject(db, { userId, id: by.subjectId }));
  const row = rows[0];
  if (row === undefined) return undefined;
  const raw = row as unknown as Record<string, unknown>;
  const statistic =
    raw.statistic_id === null
      ? undefined
      : toStatistic(Object.fromEntries(STATISTIC_COLUMNS.map((c) => [c, raw[`statistic_${c}`]])) as Selectable<ReviewStatisticsTable>);
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
  return { assignment: toAssignment(row), learnerStamp: row.learner_stamp, subject, statistic };
}
