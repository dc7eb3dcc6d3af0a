import { clampClientTime, startLesson } from '../domain/srs/engine.js';
import { recordActivity } from '../db/repositories/activity.js';
import { findAssignment, pageAssignments, pageAssignmentsAgainst, saveAssignmentState } from '../db/repositories/assignments.js';
import { findSrsSystem } from '../db/repositories/content-facts.js';
import { findSubjectFacts } from '../db/repositories/subjects.js';
import { findUserById } from '../db/repositories/users.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../shared/paging.js';
import type { CredentialInRead } from '../domain/model/credentials.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import { currentLevel, noteLessonStarted } from './levels.js';
import type { AssignmentFilters, AssignmentRecord } from '../domain/model/assignments.js';

/** Filters as a request states them; the flags of docs/decisions.md, Assignment flags, are resolved against the user's level and now. */
export interface AssignmentQuery extends Omit<AssignmentFilters, 'immediatelyAvailableForLessons' | 'immediatelyAvailableForReview'> {
  immediatelyAvailableForLessons?: boolean;
  immediatelyAvailableForReview?: boolean;
}

/** The filters of a query, its flags resolved against the learner's level and now. */
async function resolvedFilters(deps: Deps, userId: number, query: AssignmentQuery): Promise<AssignmentFilters> {
  const db = deps.db.kysely;
  const { immediatelyAvailableForLessons, immediatelyAvailableForReview, ...rest } = query;
  const filters: AssignmentFilters = { ...rest };
  if (immediatelyAvailableForLessons) {
    const user = await findUserById(db, userId);
    filters.immediatelyAvailableForLessons = { userLevel: user ? await currentLevel(db, user) : 0 };
  }
  if (immediatelyAvailableForReview) filters.immediatelyAvailableForReview = { now: deps.clock.now() };
  return filters;
}

export async function listAssignments(
  deps: Deps,
  userId: number,
  query: AssignmentQuery,
  perPage: number,
  cursor: Cursor,
): Promise<Page<AssignmentRecord>> {
  return pageAssignments(deps.db, userId, await resolvedFilters(deps, userId, query), perPage, cursor);
}

/** `listAssignments` read against the rows a caller holds. */
export async function listAssignmentsAgainst(
  deps: Deps,
  userId: number,
  query: AssignmentQuery,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  /** Checked by the page statement itself (paging.ts, pageByIdAgainst); `userId` is its owner expected. */
  credential: CredentialInRead | null = null,
): Promise<HeldPage<AssignmentRecord> | null> {
  return pageAssignmentsAgainst(deps.db, userId, await resolvedFilters(deps, userId, query), perPage, cursor, held, credential);
}

export async function getAssignment(deps: Deps, userId: number, id: number): Promise<Result<AssignmentRecord>> {
  const found = await findAssignment(deps.db.kysely, userId, id);
  return found ? ok(found) : notFound();
}

export const ALREADY_STARTED = 'Assignment has already been started.';

/**
 * PUT /assignments/{id}/start (see docs/decisions.md, Lesson start): the lesson enters the cycle at
 * the starting stage with its first schedule; started_at defaults to now and is clamped to
 * [unlocked_at, now].
 */
export async function startAssignment(
  deps: Deps,
  userId: number,
  id: number,
  requestedStartedAt: number | null,
  idempotency?: IdempotentRequest,
): Promise<Result<AssignmentRecord>> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async ({ trx, now, stamp }) => {
      const assignment = await findAssignment(trx, userId, id);
      if (!assignment) return notFound();
      if (assignment.startedAt !== null) return unprocessable(ALREADY_STARTED);
      if (assignment.unlockedAt === null) return unprocessable('Assignment is not unlocked and cannot be started yet.');
      const startedAt = clampClientTime(requestedStartedAt, assignment.unlockedAt, now);

      const subject = await findSubjectFacts(trx, assignment.subjectId);
      const system = subject && (await findSrsSystem(trx, subject.srsId));
      if (!subject || !system) throw new Error(`subject ${assignment.subjectId} or its SRS system is missing`);
      const state = startLesson(system, assignment, startedAt);
      const changedAt = stamp();
      await saveAssignmentState(trx, userId, id, state, changedAt);
      await noteLessonStarted(trx, userId, assignment.subjectLevel, startedAt, changedAt);
      await recordActivity(trx, userId, startedAt, { lessons: 1 });
      return ok({ ...assignment, ...state, updatedAt: changedAt });
    },
    idempotency,
  );
}
