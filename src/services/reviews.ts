import { applyReview, clampClientTime, incorrectCount, type ReviewAnswers } from '../domain/srs/engine.js';
import { EMPTY_STATISTIC, percentageCorrect, recordAnswers } from '../domain/srs/statistics.js';
import { hasReadings } from '../domain/subjects.js';
import { findSrsSystem } from '../db/repositories/content-facts.js';
import { findReviewTarget, type ReviewTarget } from '../db/repositories/review-target.js';
import { writeReview } from '../db/repositories/review-writes.js';
import { toStatistic } from '../db/repositories/statistics.js';
import { findUserById } from '../db/repositories/users.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import type { Executor } from '../db/transaction.js';
import { isRowId } from '../shared/ids.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import { afterBurn, afterPass, currentLevel } from './levels.js';
import type { AssignmentRecord } from '../domain/model/assignments.js';
import type { ReviewRecord } from '../domain/model/reviews.js';
import type { ReviewStatisticRecord } from '../domain/model/statistics.js';

export interface ReviewInput {
  assignmentId?: number | undefined;
  subjectId?: number | undefined;
  incorrectMeaningAnswers: number;
  incorrectReadingAnswers: number;
  /** The offline queue's answer time; null means now. */
  createdAt: number | null;
}

export interface CreatedReview {
  review: ReviewRecord;
  assignment: AssignmentRecord;
  statistic: ReviewStatisticRecord;
}

export const NOT_STARTED = 'Assignment is not started and cannot be reviewed yet.';

/** The assignment the input names, with its subject and statistic, read in one statement. */
async function resolveTarget(trx: Executor, userId: number, input: ReviewInput): Promise<Result<ReviewTarget>> {
  // An id no row can carry names nothing (and never reaches a 32-bit column as a parameter).
  if (input.assignmentId !== undefined) {
    if (!isRowId(input.assignmentId)) return notFound();
    const found = await findReviewTarget(trx, userId, { assignmentId: input.assignmentId });
    if (!found) return notFound();
    if (input.subjectId !== undefined && input.subjectId !== found.assignment.subjectId) {
      return unprocessable('assignment_id and subject_id name different subjects.');
    }
    return ok(found);
  }
  if (input.subjectId !== undefined) {
    if (!isRowId(input.subjectId)) return notFound();
    const found = await findReviewTarget(trx, userId, { subjectId: input.subjectId });
    return found ? ok(found) : notFound();
  }
  return unprocessable('assignment_id or subject_id is required.');
}

/**
 * POST /reviews, the only use case that moves the SRS, in one transaction: engine, assignment,
 * statistic, review log, activity, unlocks and level-up. Each call is one review, unless it repeats an Idempotency-Key.
 */
export async function createReview(
  deps: Deps,
  userId: number,
  input: ReviewInput,
  idempotency?: IdempotentRequest,
): Promise<Result<CreatedReview>> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async (write) => {
      const { trx, now, stamp } = write;
      const resolved = await resolveTarget(trx, userId, input);
      if (!resolved.ok) return resolved;
      const { assignment, subject, statistic: before } = resolved.value;
      if (assignment.startedAt === null) return unprocessable(NOT_STARTED);

      const system = subject && (await findSrsSystem(trx, subject.srsId));
      if (!subject || !system) throw new Error(`subject ${assignment.subjectId} or its SRS system is missing`);
      if (assignment.srsStage >= system.burningStage) return unprocessable('Assignment is burned and cannot be reviewed.');

      const at = clampClientTime(input.createdAt, assignment.startedAt, now);
      const changedAt = stamp();
      const answers: ReviewAnswers = {
        incorrectMeaning: input.incorrectMeaningAnswers,
        incorrectReading: input.incorrectReadingAnswers,
        countsReading: hasReadings(subject.object),
      };
      const outcome = applyReview(system, assignment, answers, at);
      const counts = recordAnswers(before ?? EMPTY_STATISTIC, answers);
      const correct = incorrectCount(answers) === 0;
      const review: Omit<ReviewRecord, 'id'> = {
        assignmentId: assignment.id,
        subjectId: subject.id,
        createdAt: at,
        startingSrsStage: outcome.startingStage,
        endingSrsStage: outcome.endingStage,
        incorrectMeaningAnswers: input.incorrectMeaningAnswers,
        incorrectReadingAnswers: answers.countsReading ? input.incorrectReadingAnswers : 0,
        spacedRepetitionSystemId: system.id,
        updatedAt: changedAt,
      };
      const written = await writeReview(write, deps.db.engine, {
        ...outcome.state,
        ...counts,
        ...review,
        userId,
        stamp: changedAt,
        now,
        statisticId: before?.id ?? null,
        percentage: percentageCorrect(counts),
        subjectType: subject.object,
        hidden: subject.hidden ? 1 : 0,
        correct: correct ? 1 : 0,
      });

      if (outcome.newlyPassed) {
        const user = await findUserById(trx, userId);
        if (!user) throw new Error(`user ${userId} vanished inside its own transaction`);
        await afterPass(trx, userId, await currentLevel(trx, user), subject, at, changedAt);
      }
      if (outcome.newlyBurned) await afterBurn(trx, userId, subject.level, at, changedAt);

      return ok({
        review: { id: written.reviewId, ...review },
        assignment: { ...assignment, ...outcome.state, updatedAt: changedAt },
        statistic: toStatistic(written.statistic),
      });
    },
    idempotency,
  );
}
