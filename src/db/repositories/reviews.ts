import type { SubjectType } from '../../domain/subjects.js';
import type { Executor } from '../transaction.js';
import type { ReviewRecord } from '../../domain/model/reviews.js';

export async function insertReview(
  db: Executor,
  userId: number,
  review: Omit<ReviewRecord, 'id'> & { subjectType: SubjectType; correct: boolean; hidden: boolean },
): Promise<ReviewRecord> {
  const row = await db
    .insertInto('reviews')
    .values({
      user_id: userId,
      assignment_id: review.assignmentId,
      subject_id: review.subjectId,
      subject_type: review.subjectType,
      created_at: review.createdAt,
      starting_srs_stage: review.startingSrsStage,
      ending_srs_stage: review.endingSrsStage,
      incorrect_meaning_answers: review.incorrectMeaningAnswers,
      incorrect_reading_answers: review.incorrectReadingAnswers,
      correct: review.correct ? 1 : 0,
      spaced_repetition_system_id: review.spacedRepetitionSystemId,
      hidden: review.hidden ? 1 : 0,
      updated_at: review.updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { subjectType: _type, correct: _correct, hidden: _hidden, ...record } = review;
  return { id: row.id, ...record };
}
