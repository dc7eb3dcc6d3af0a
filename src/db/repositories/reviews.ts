import type { SubjectType } from '../../domain/subjects.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { ReviewRecord } from '../../domain/model/reviews.js';

type ReviewValues = Omit<ReviewRecord, 'id'> & { userId: number; subjectType: SubjectType; correct: number; hidden: number };

const insertReviewRow = compiledOnce((db, v: Slots<ReviewValues>) =>
  db
    .insertInto('reviews')
    .values({
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
    })
    .returning('id'),
);

export async function insertReview(
  db: Executor,
  userId: number,
  review: Omit<ReviewRecord, 'id'> & { subjectType: SubjectType; correct: boolean; hidden: boolean },
): Promise<ReviewRecord> {
  const { rows } = await insertReviewRow(db, { ...review, userId, correct: review.correct ? 1 : 0, hidden: review.hidden ? 1 : 0 });
  const { subjectType: _type, correct: _correct, hidden: _hidden, ...record } = review;
  return { id: rows[0]!.id, ...record };
}
