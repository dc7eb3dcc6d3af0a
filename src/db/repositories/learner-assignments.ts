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
