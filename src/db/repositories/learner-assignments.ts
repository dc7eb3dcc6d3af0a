import type { DatabaseEngine } from '../../config/index.js';
import type { SubjectType } from '../../domain/subjects.js';
import { rowsAsArrays } from '../json-rows.js';
import type { Executor } from '../transaction.js';

/** What the home screens read of an assignment (the dashboard's counts and schedule, GET /item_spread). */
export type AssignmentFacts = [
  id: number,
  subjectId: number,
  type: SubjectType,
  level: number,
  stage: number,
  hidden: number,
  unlockedAt: number | null,
  startedAt: number | null,
  passedAt: number | null,
  burnedAt: number | null,
  availableAt: number | null,
  updatedAt: number,
];

const COLUMNS = [
  'id',
  'subject_id',
  'subject_type',
  'subject_level',
  'srs_stage',
  'hidden',
  'unlocked_at',
  'started_at',
  'passed_at',
  'burned_at',
  'available_at',
  'updated_at',
] as const;

/**
 * The learner's assignments written after `after` (every one when null), in no particular order:
 * every write of a learner's rows sets their updated_at to its change stamp (docs/decisions.md,
 * "Change stamps"), so the rows after a stamp are all that changed since it. Read through the
 * (user_id, updated_at) index.
 */
export function assignmentFactsAfter(
  db: Executor,
  engine: DatabaseEngine,
  userId: number,
  after: number | null,
): Promise<AssignmentFacts[]> {
  let query = db.selectFrom('assignments').select(COLUMNS).where('user_id', '=', userId);
  if (after !== null) query = query.where('updated_at', '>', after);
  return rowsAsArrays<AssignmentFacts>(db, engine, query, COLUMNS);
}

/** What the dashboard's critical items read of a review statistic. */
export type StatisticFacts = [subjectId: number, percentageCorrect: number, hidden: number];

const STATISTIC_COLUMNS = ['subject_id', 'percentage_correct', 'hidden'] as const;

/**
 * The learner's review statistics written after `after`, whatever they hold, or, when `after` is
 * null, the visible ones with percentage_correct below `below` (criticalItems' filter): every write
 * of a statistic sets its updated_at to the change stamp, as for assignments.
 */
export function statisticFactsAfter(
  db: Executor,
  engine: DatabaseEngine,
  userId: number,
  after: number | null,
  below: number,
): Promise<StatisticFacts[]> {
  let query = db.selectFrom('review_statistics').select(STATISTIC_COLUMNS).where('user_id', '=', userId);
  query = after === null ? query.where('hidden', '=', 0).where('percentage_correct', '<', below) : query.where('updated_at', '>', after);
  return rowsAsArrays<StatisticFacts>(db, engine, query, STATISTIC_COLUMNS);
}
