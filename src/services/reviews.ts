import type { CommittedWrite } from '../domain/learner-state-key.js';
import { applyReview, clampClientTime, incorrectCount, type ReviewAnswers, type ReviewOutcome } from '../domain/srs/engine.js';
import { EMPTY_STATISTIC, percentageCorrect, recordAnswers } from '../domain/srs/statistics.js';
import { hasReadings } from '../domain/subjects.js';
import { findSrsSystem, knownSrsSystem } from '../db/repositories/content-facts.js';
import {
  findReviewTarget,
  findReviewTargetByCredential,
  findReviewTargetNow,
  type ReviewTarget,
  type TargetKey,
} from '../db/repositories/review-target.js';
import {
  reviewWriteValues,
  writeReview,
  writeReviewNow,
  type ReviewWriteValues,
  type WrittenReview,
} from '../db/repositories/review-writes.js';
import { writeReviewInGroup } from '../db/repositories/review-groups.js';
import { findUserById } from '../db/repositories/users.js';
import {
  inLearnerTransaction,
  inLearnerWriteAtOnceFirst,
  inLearnerWriteUnlockedFirst,
  NEEDS_LOCK,
  nextStamp,
  saveLearnerStampNow,
  type LearnerTransactionOptions,
  type LearnerWrite,
} from '../db/learner-writes.js';
import { inTransactionNow, type Executor } from '../db/transaction.js';
import { isRowId } from '../shared/ids.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import { authenticateBeforeWrite, credentialHashes } from './credentials.js';
import type { Deps } from './deps.js';
import { afterBurn, afterPass, currentLevel } from './levels.js';
import type { AssignmentRecord } from '../domain/model/assignments.js';
import type { CredentialOwner, PresentedCredential } from '../domain/model/credentials.js';
import type { ReviewRecord } from '../domain/model/reviews.js';
import type { ReviewStatisticRecord } from '../domain/model/statistics.js';
import type { SubjectFacts } from '../domain/model/subjects.js';
import type { SrsSystem } from '../domain/srs/system.js';

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

/**
 * What a review changed of the learner's collections, as their pages read the rows after it: its
 * assignment, unless the review passed it (what a pass unlocks is inserted), and its statistic,
 * unless the review inserted it (the subject's first review). Null: not known to be its only change.
 */
export interface ReviewChanges {
  readonly assignment: AssignmentRecord | null;
  readonly statistic: ReviewStatisticRecord | null;
}

/** Told of a review once it committed (inside the learner's write gate), with what it changed. */
export type ReviewCommitted = (write: CommittedWrite, changes: ReviewChanges) => void;

/** What `planned`, answered `answer`, changed (ReviewChanges). */
function changesOf(planned: PlannedReview, answer: CreatedReview): ReviewChanges {
  return {
    assignment: planned.outcome.newlyPassed ? null : answer.assignment,
    statistic: planned.statistic === undefined ? null : answer.statistic,
  };
}

/** A review under the learner's lock (lockedReview), with the options that tell `committed` of it once it committed. */
function lockedWrite(deps: Deps, userId: number, input: ReviewInput, committed: ReviewCommitted | undefined, workReadsStamp: boolean) {
  let changes: ReviewChanges | undefined;
  const options: LearnerTransactionOptions<Result<CreatedReview>> = {
    workReadsStamp,
    committed: (write) => {
      if (changes !== undefined) committed?.(write, changes);
    },
  };
  const work = (write: LearnerWrite) =>
    lockedReview(deps, userId, input, write, (written) => {
      changes = written;
    });
  return { work, options };
}

/** Which assignment the input names; an id no row can carry names nothing (and never reaches a 32-bit column as a parameter). */
function targetKey(input: ReviewInput): Result<TargetKey> {
  if (input.assignmentId !== undefined) return isRowId(input.assignmentId) ? ok({ assignmentId: input.assignmentId }) : notFound();
  if (input.subjectId !== undefined) return isRowId(input.subjectId) ? ok({ subjectId: input.subjectId }) : notFound();
  return unprocessable('assignment_id or subject_id is required.');
}

/** The target read for the input, refused when there is none or it is not the subject the input also names. */
function checkedTarget(input: ReviewInput, found: ReviewTarget | undefined): Result<ReviewTarget> {
  if (!found) return notFound();
  if (input.assignmentId !== undefined && input.subjectId !== undefined && input.subjectId !== found.assignment.subjectId) {
    return unprocessable('assignment_id and subject_id name different subjects.');
  }
  return ok(found);
}

/** The assignment the input names, with its subject and statistic, read in one statement. */
async function resolveTarget(trx: Executor, userId: number, input: ReviewInput): Promise<Result<ReviewTarget>> {
  const key = targetKey(input);
  return key.ok ? checkedTarget(input, await findReviewTarget(trx, userId, key.value)) : key;
}

/** What a review that passed its checks writes and answers. */
interface PlannedReview {
  values: ReviewWriteValues;
  review: Omit<ReviewRecord, 'id'>;
  assignment: AssignmentRecord;
  subject: SubjectFacts;
  outcome: ReviewOutcome<AssignmentRecord>;
  /** The learner's statistic of the subject as read with the target; undefined before the subject's first review. */
  statistic: ReviewStatisticRecord | undefined;
}

/**
 * The review of `target` answered at `now`: refused (not started, burned), or what it writes, with
 * the change stamp `takeStamp` gives (taken only by a review that writes).
 */
async function planReview(
  db: Executor,
  userId: number,
  input: ReviewInput,
  target: ReviewTarget,
  now: number,
  takeStamp: () => number,
): Promise<Result<PlannedReview>> {
  const system = target.subject && (await findSrsSystem(db, target.subject.srsId));
  return planReviewOf(system, userId, input, target, now, takeStamp);
}

/** planReview with the SRS system of the target's subject (undefined when either is missing). */
function planReviewOf(
  system: SrsSystem | undefined,
  userId: number,
  input: ReviewInput,
  target: ReviewTarget,
  now: number,
  takeStamp: () => number,
): Result<PlannedReview> {
  const { assignment, subject, statistic: before } = target;
  if (assignment.startedAt === null) return unprocessable(NOT_STARTED);
  if (!subject || !system) throw new Error(`subject ${assignment.subjectId} or its SRS system is missing`);
  if (assignment.srsStage >= system.burningStage) return unprocessable('Assignment is burned and cannot be reviewed.');

  const at = clampClientTime(input.createdAt, assignment.startedAt, now);
  const changedAt = takeStamp();
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
  const values = reviewWriteValues({
    state: outcome.state,
    counts,
    review,
    userId,
    stamp: changedAt,
    stampRead: target.learnerStamp,
    now,
    statisticId: before?.id ?? null,
    percentage: percentageCorrect(counts),
    subjectType: subject.object,
    hidden: subject.hidden ? 1 : 0,
    correct: correct ? 1 : 0,
  });
  return ok({ values, review, assignment, subject, outcome, statistic: before });
}

/** The answer to a review once written. */
function created(planned: PlannedReview, written: WrittenReview): CreatedReview {
  return {
    // One spread each, then a field the copy already has: no second spread into a built object.
    review: { ...planned.review, id: written.reviewId },
    assignment: { ...planned.outcome.state, updatedAt: planned.review.updatedAt },
    statistic: written.statistic,
  };
}

/**
 * POST /reviews, the only use case that moves the SRS, in one transaction: engine, assignment,
 * statistic, review log, activity, unlocks and level-up. Each call is one review, unless it repeats an Idempotency-Key.
 *
 * On SQLite a review without an Idempotency-Key is first tried at once, in one go (reviewAtOnce).
 * On PostgreSQL a plain review (no Idempotency-Key, neither passing nor burning its item) is first
 * tried without BEGIN and the learner's lock: its target read with the learner's stamp, then one
 * statement writing everything if the stamp is unmoved (inLearnerWriteUnlockedFirst). A moved
 * stamp, and every other review, go through the learner's locked transaction. A review whose
 * credential is not yet checked goes through createReviewWithCredential instead.
 */
export async function createReview(
  deps: Deps,
  userId: number,
  input: ReviewInput,
  idempotency?: IdempotentRequest,
  committed?: ReviewCommitted,
): Promise<Result<CreatedReview>> {
  // The locked review reads the learner's stamp with its target (LearnerTransactionOptions.workReadsStamp):
  // said on SQLite and under an Idempotency-Key; PostgreSQL's lock reads it anyway.
  const locked = lockedWrite(deps, userId, input, committed, idempotency !== undefined || deps.db.engine === 'sqlite');
  if (idempotency !== undefined) return inLearnerTransaction(deps.db, deps.clock, userId, locked.work, idempotency, locked.options);
  if (deps.db.engine === 'sqlite') {
    return inLearnerWriteAtOnceFirst(
      deps.db,
      deps.clock,
      userId,
      () => reviewAtOnce(deps, userId, input, committed),
      locked.work,
      locked.options,
    );
  }
  return inLearnerWriteUnlockedFirst(
    deps.db,
    deps.clock,
    userId,
    () => unlockedReview(deps, userId, input, committed),
    locked.work,
    locked.options,
  );
}

/**
 * A review on SQLite run at once, in one go (inTransactionNow): better-sqlite3 is synchronous, so
 * its target read, the SRS step, its writes and the learner's stamp need no await between them,
 * where lockedReview's statements each pass through Kysely's transaction and the driver's async
 * layers (bench/README.md, "Tenth pass"). Undefined, with nothing done, when it cannot run now,
 * when the review passes or burns its item (unlocks and a level-up read and write more), or when
 * the SRS system is not yet read in this process: lockedReview does it then.
 */
async function reviewAtOnce(
  deps: Deps,
  userId: number,
  input: ReviewInput,
  committed: ReviewCommitted | undefined,
): Promise<Result<CreatedReview> | undefined> {
  const key = targetKey(input);
  if (!key.ok) return key;
  const { kysely } = deps.db;
  /** The stamps of the review written and what it changed, told to `committed` once its transaction committed. */
  let wrote: { readonly write: CommittedWrite; readonly changes: ReviewChanges } | undefined;
  const answer = await inTransactionNow(deps.db, (statements) => {
    const checked = checkedTarget(input, findReviewTargetNow(kysely, statements, userId, key.value));
    if (!checked.ok) return checked;
    const target = checked.value;
    const system = target.subject && knownSrsSystem(target.subject.srsId);
    if (system === undefined) return undefined;
    const now = deps.clock.now();
    const planned = planReviewOf(system, userId, input, target, now, () => nextStamp(target.learnerStamp, now));
    if (!planned.ok) return planned;
    if (planned.value.outcome.newlyPassed || planned.value.outcome.newlyBurned) return undefined;
    const written = writeReviewNow(kysely, statements, planned.value.values, planned.value.statistic);
    saveLearnerStampNow(kysely, statements, userId, planned.value.values.stamp);
    const answer = created(planned.value, written);
    wrote = { write: { from: target.learnerStamp, to: planned.value.values.stamp }, changes: changesOf(planned.value, answer) };
    return ok(answer);
  });
  if (wrote !== undefined) committed?.(wrote.write, wrote.changes);
  return answer;
}

/**
 * POST /reviews without an Idempotency-Key, for a credential not yet checked (plugins/auth.ts,
 * checksCredential). On PostgreSQL the first statement checks it and reads the target
 * (findReviewTargetByCredential), so a plain review is two round trips; on SQLite it is read on the
 * writing connection the review then runs on (authenticateBeforeWrite). `accept` is told the
 * credential's owner once it passed; undefined when it does not pass. An input that names no
 * assignment is refused before any statement, the credential left unchecked for the caller.
 */
export async function createReviewWithCredential(
  deps: Deps,
  credential: PresentedCredential,
  input: ReviewInput,
  accept: (owner: CredentialOwner) => void,
  committed?: ReviewCommitted,
): Promise<Result<CreatedReview> | undefined> {
  const key = targetKey(input);
  if (!key.ok) return key;
  if (deps.db.engine === 'sqlite') {
    const owner = await authenticateBeforeWrite(deps, credential);
    if (owner === null) return undefined;
    accept(owner);
    return createReview(deps, owner.userId, input, undefined, committed);
  }
  const read = await findReviewTargetByCredential(deps.db.kysely, credentialHashes(credential), deps.clock.now(), key.value);
  if (read === undefined) return undefined;
  accept(read.owner);
  const { userId } = read.owner;
  const checked = checkedTarget(input, read.target);
  if (!checked.ok) return checked;
  const locked = lockedWrite(deps, userId, input, committed, false);
  return inLearnerWriteUnlockedFirst(
    deps.db,
    deps.clock,
    userId,
    (followsAnotherWrite) => unlockedReview(deps, userId, input, committed, followsAnotherWrite ? undefined : checked.value),
    locked.work,
    locked.options,
  );
}

/**
 * A review on PostgreSQL without the learner's lock, of `target` if it was read already, or
 * NEEDS_LOCK when it passes or burns its item or the stamp moved. Its write goes with other
 * learners' in one statement when the process has writes in flight (writeReviewInGroup).
 */
async function unlockedReview(
  deps: Deps,
  userId: number,
  input: ReviewInput,
  committed: ReviewCommitted | undefined,
  read?: ReviewTarget,
): Promise<Result<CreatedReview> | typeof NEEDS_LOCK> {
  const { kysely } = deps.db;
  const resolved = read === undefined ? await resolveTarget(kysely, userId, input) : ok(read);
  if (!resolved.ok) return resolved;
  const target = resolved.value;
  const now = deps.clock.now();
  const planned = await planReview(kysely, userId, input, target, now, () => nextStamp(target.learnerStamp, now));
  if (!planned.ok) return planned;
  // Unlocks and a level-up read and write more than the review's one statement does.
  if (planned.value.outcome.newlyPassed || planned.value.outcome.newlyBurned) return NEEDS_LOCK;
  const written = await writeReviewInGroup(kysely, planned.value.values, planned.value.statistic);
  if (written === undefined) return NEEDS_LOCK;
  // Its statement committed on its own, writing only if the stamp was still the one read with the target.
  const answer = created(planned.value, written);
  committed?.({ from: target.learnerStamp, to: planned.value.values.stamp }, changesOf(planned.value, answer));
  return ok(answer);
}

/** A review under the learner's lock, in the learner's transaction; `wrote` told what it changed, once it wrote. */
async function lockedReview(
  deps: Deps,
  userId: number,
  input: ReviewInput,
  write: LearnerWrite,
  wrote: (changes: ReviewChanges) => void,
): Promise<Result<CreatedReview>> {
  const { trx, now } = write;
  const resolved = await resolveTarget(trx, userId, input);
  if (!resolved.ok) return resolved;
  write.stampRead(resolved.value.learnerStamp);
  const planned = await planReview(trx, userId, input, resolved.value, now, write.stamp);
  if (!planned.ok) return planned;
  const { subject, outcome, review } = planned.value;
  const written = await writeReview(write, deps.db.engine, planned.value.values, planned.value.statistic);

  if (outcome.newlyPassed) {
    const user = await findUserById(trx, userId);
    if (!user) throw new Error(`user ${userId} vanished inside its own transaction`);
    await afterPass(trx, userId, await currentLevel(trx, user), subject, review.createdAt, review.updatedAt);
  }
  if (outcome.newlyBurned) await afterBurn(trx, userId, subject.level, review.createdAt, review.updatedAt);
  const answer = created(planned.value, written);
  wrote(changesOf(planned.value, answer));
  return ok(answer);
}
