import { sql, type QueryCreator, type Selectable } from 'kysely';
import type { AssignmentState } from '../../domain/srs/engine.js';
import type { SubjectType } from '../../domain/subjects.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../../shared/paging.js';
import type { CredentialInRead } from '../../domain/model/credentials.js';
import type { AssignmentsTable } from '../tables/study.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Database } from '../schema.js';
import type { Db } from '../connect.js';
import { columnsOf } from '../json-rows.js';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import { pageByIdAgainst, pageLearnerById, whereSubjectScoped, withoutFilters, type LearnerCollection, type LearnerId } from './paging.js';
import { inReviewCycle, lessonAvailable } from './queues.js';
import type { AssignmentFilters, AssignmentRecord, Prerequisite, UnlockTarget } from '../../domain/model/assignments.js';

export function toAssignment(row: Selectable<AssignmentsTable>): AssignmentRecord {
  return {
    id: row.id,
    subjectId: row.subject_id,
    subjectType: row.subject_type as SubjectType,
    subjectLevel: row.subject_level,
    hidden: row.hidden === 1,
    srsStage: row.srs_stage,
    unlockedAt: row.unlocked_at,
    startedAt: row.started_at,
    passedAt: row.passed_at,
    burnedAt: row.burned_at,
    availableAt: row.available_at,
    resurrectedAt: row.resurrected_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type NullableColumn = 'unlocked_at' | 'started_at' | 'passed_at' | 'burned_at' | 'resurrected_at';

function filtered(db: Executor, userId: LearnerId, f: AssignmentFilters) {
  let q = whereSubjectScoped(db.selectFrom('assignments').where('user_id', '=', userId), f);
  const present = (column: NullableColumn, value: boolean | undefined) => {
    if (value !== undefined) q = q.where(column, value ? 'is not' : 'is', null);
  };
  if (f.srsStages) q = q.where('srs_stage', 'in', f.srsStages);
  if (f.levels) q = q.where('subject_level', 'in', f.levels);
  present('unlocked_at', f.unlocked);
  present('started_at', f.started);
  present('passed_at', f.passed);
  present('burned_at', f.burned);
  present('resurrected_at', f.resurrected);
  if (f.availableAfter !== undefined) q = q.where('available_at', '>=', f.availableAfter);
  if (f.availableBefore !== undefined) q = q.where('available_at', '<=', f.availableBefore);
  if (f.immediatelyAvailableForLessons) q = lessonAvailable(q, f.immediatelyAvailableForLessons.userLevel);
  if (f.immediatelyAvailableForReview) q = inReviewCycle(q).where('available_at', '<=', f.immediatelyAvailableForReview.now);
  if (f.inReview) q = inReviewCycle(q);
  return q;
}

export const ASSIGNMENT_COLUMNS = columnsOf<AssignmentsTable>({
  id: true,
  user_id: true,
  subject_id: true,
  subject_type: true,
  subject_level: true,
  hidden: true,
  srs_stage: true,
  unlocked_at: true,
  started_at: true,
  passed_at: true,
  burned_at: true,
  available_at: true,
  resurrected_at: true,
  created_at: true,
  updated_at: true,
});

const ASSIGNMENTS: LearnerCollection<AssignmentFilters> = {
  name: 'assignments',
  columns: ASSIGNMENT_COLUMNS,
  filtered,
  // Due items arrive with the clock, with no write: such a count is never kept.
  countKept: (f) => !f.immediatelyAvailableForReview,
  // `in_review` absent is read as false (http/filters.ts, flag).
  unfiltered: (f) => withoutFilters(f, ['inReview']),
  counted: 'assignments_count',
};

export async function pageAssignments(
  db: Db,
  userId: number,
  f: AssignmentFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<AssignmentRecord>> {
  const page = await pageLearnerById<Selectable<AssignmentsTable>, AssignmentFilters>(db, ASSIGNMENTS, userId, f, perPage, cursor);
  return { ...page, rows: page.rows.map(toAssignment) };
}

/** `pageAssignments` read against the rows a caller holds (paging.ts, pageByIdAgainst). */
export function pageAssignmentsAgainst(
  db: Db,
  userId: number,
  f: AssignmentFilters,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  credential: CredentialInRead | null = null,
): Promise<HeldPage<AssignmentRecord> | null> {
  return pageByIdAgainst(db, ASSIGNMENTS, userId, f, perPage, cursor, held, toAssignment, credential);
}

export async function findAssignment(db: Executor, userId: number, id: number): Promise<AssignmentRecord | undefined> {
  const row = await db.selectFrom('assignments').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return row && toAssignment(row);
}

export type AssignmentStateValues = AssignmentState & { userId: number; assignmentId: number; stamp: number };

/** The update writing the SRS state of an assignment and stamping it (also a part of a review's one statement on PostgreSQL). */
export function assignmentStateUpdate(db: QueryCreator<Database>, v: Slots<AssignmentStateValues>) {
  return db
    .updateTable('assignments')
    .set({
      srs_stage: v.srsStage,
      unlocked_at: v.unlockedAt,
      started_at: v.startedAt,
      passed_at: v.passedAt,
      burned_at: v.burnedAt,
      available_at: v.availableAt,
      resurrected_at: v.resurrectedAt,
      updated_at: v.stamp,
    })
    .where('user_id', '=', v.userId)
    .where('id', '=', v.assignmentId);
}

/**
 * The update a review makes: only the columns a review can move (the stage, when it passed or
 * burned, when it is next due) and the stamp. SQLite rewrites every index holding a column of the
 * SET list, changed or not; leaving out unlocked_at, started_at and resurrected_at, which a review
 * never changes, spares it two of the table's indexes on every review (bench/README.md, "Fourth pass").
 */
export function reviewedStateUpdate(db: QueryCreator<Database>, v: Slots<AssignmentStateValues>) {
  return db
    .updateTable('assignments')
    .set({
      srs_stage: v.srsStage,
      passed_at: v.passedAt,
      burned_at: v.burnedAt,
      available_at: v.availableAt,
      updated_at: v.stamp,
    })
    .where('user_id', '=', v.userId)
    .where('id', '=', v.assignmentId);
}

const saveState = compiledOnce(assignmentStateUpdate);

/** Writes the SRS state of an assignment and stamps it. */
export async function saveAssignmentState(db: Executor, userId: number, id: number, state: AssignmentState, stamp: number): Promise<void> {
  await saveState(db, { ...state, userId, assignmentId: id, stamp });
}

/** Creates unlocked lesson rows (stage 0) unlocked at `at`; subjects already assigned are left alone. */
export async function insertUnlockedAssignments(
  db: Executor,
  userId: number,
  subjects: readonly UnlockTarget[],
  at: number,
  stamp: number,
): Promise<void> {
  for (const part of chunks(subjects, 200)) {
    await db
      .insertInto('assignments')
      .values(
        part.map((s) => ({
          user_id: userId,
          subject_id: s.id,
          subject_type: s.object,
          subject_level: s.level,
          hidden: 0,
          srs_stage: 0,
          unlocked_at: at,
          created_at: at,
          updated_at: stamp,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'subject_id']).doNothing())
      .execute();
  }
}

export interface UnlockableQuery {
  /** Only subjects of exactly this level... */
  level?: number;
  /** ...or of at most this level. */
  maxLevel?: number;
  /** Only subjects that name this component. */
  componentOf?: number;
  /** Only these subjects. */
  subjectIds?: number[];
  prerequisite: Prerequisite;
}

/**
 * Non-hidden subjects without an assignment for the user whose every component has reached the
 * prerequisite (a subject without components qualifies at once).
 */
export async function unlockableSubjects(db: Executor, userId: number, query: UnlockableQuery): Promise<UnlockTarget[]> {
  const milestone = query.prerequisite === 'passed' ? 'passed_at' : 'started_at';
  // Counted rather than nested NOT EXISTS: PostgreSQL misestimates the nested anti-join and loops
  // over it (20-50 ms for a level-30 learner's whole range); the count plans well on both engines.
  let q = db
    .selectFrom('subjects as s')
    .leftJoin('subject_components as c', 'c.subject_id', 's.id')
    .leftJoin('assignments as p', (join) =>
      join.onRef('p.subject_id', '=', 'c.component_id').on('p.user_id', '=', userId).on(`p.${milestone}`, 'is not', null),
    )
    .select(['s.id', 's.object', 's.level'])
    .where('s.hidden_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('assignments as a').select('a.id').where('a.user_id', '=', userId).whereRef('a.subject_id', '=', 's.id')),
      ),
    )
    .groupBy(['s.id', 's.object', 's.level'])
    .having((eb) => eb(eb.fn.count('c.component_id'), '=', eb.fn.count('p.id')));
  if (query.level !== undefined) q = q.where('s.level', '=', query.level);
  if (query.maxLevel !== undefined) q = q.where('s.level', '<=', query.maxLevel);
  if (query.componentOf !== undefined) {
    const component = query.componentOf;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('subject_components as d')
          .select('d.subject_id')
          .whereRef('d.subject_id', '=', 's.id')
          .where('d.component_id', '=', component),
      ),
    );
  }
  if (query.subjectIds !== undefined) {
    if (query.subjectIds.length === 0) return [];
    q = q.where('s.id', 'in', query.subjectIds);
  }
  const rows = await q.orderBy('s.level').orderBy('s.id').execute();
  return rows.map((r) => ({ id: r.id, object: r.object as SubjectType, level: r.level }));
}

/** Lessons waiting: unlocked, not started, not hidden, at or below the user's level. */
export async function countPendingLessons(db: Executor, userId: number, userLevel: number): Promise<number> {
  const row = await filtered(db, userId, { immediatelyAvailableForLessons: { userLevel } })
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function newestAssignmentUpdate(db: Executor, userId: number): Promise<number | null> {
  const row = await db
    .selectFrom('assignments')
    .select(sql<number | null>`max(updated_at)`.as('t'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.t ?? null;
}
