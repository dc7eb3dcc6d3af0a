import type { QueryCreator } from 'kysely';
import type { SubjectType } from '../../domain/subjects.js';
import type { Slots } from '../compiled.js';
import type { Database } from '../schema.js';
import type { ReviewRecord } from '../../domain/model/reviews.js';

export type ReviewValues = Omit<ReviewRecord, 'id'> & { userId: number; subjectType: SubjectType; correct: number; hidden: number };

/** The review log's row of a review. */
export function reviewRow(v: Slots<ReviewValues>) {
  return {
    user_id: v.userId,
    assignment_id: v.assignmentId,
    subject_id: v.subjectId,
    subject_type: v.subjectType,
    created_at: v.createdAt,
    starting_srs_stage: v.startingSrsStage,
    ending_srs_stage: v.endingSrsStage,
    incorrect_meaning_answers: v.incorrectMeaningAnswers,
    incorrect_reading_answers: v.incorrectReadingAnswers,
    correct: v.correct,
    spaced_repetition_system_id: v.spacedRepetitionSystemId,
    hidden: v.hidden,
    updated_at: v.updatedAt,
  };
}

/** The insert of a review's row into the review log (on SQLite: its id is the insert's row id). */
export function reviewInsert(db: QueryCreator<Database>, v: Slots<ReviewValues>) {
  return db.insertInto('reviews').values(reviewRow(v));
}
