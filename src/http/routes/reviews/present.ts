import type { Static } from 'typebox';
import type { CreatedReview } from '../../../services/reviews.js';
import { toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { assignmentResource } from '../assignments/present.js';
import { reviewStatisticResource } from '../review-statistics/present.js';
import type { CreatedReviewBody } from './schema.js';

/** The created review with the assignment and statistic it moved. */
export function presentCreatedReview(urls: Urls, { review, assignment, statistic }: CreatedReview): Static<typeof CreatedReviewBody> {
  return {
    ...resource(urls, '/reviews', 'review', review.id, review.updatedAt, {
      created_at: toIso(review.createdAt),
      assignment_id: review.assignmentId,
      subject_id: review.subjectId,
      starting_srs_stage: review.startingSrsStage,
      ending_srs_stage: review.endingSrsStage,
      incorrect_meaning_answers: review.incorrectMeaningAnswers,
      incorrect_reading_answers: review.incorrectReadingAnswers,
      spaced_repetition_system_id: review.spacedRepetitionSystemId,
    }),
    resources_updated: {
      assignment: assignmentResource(urls, assignment),
      review_statistic: reviewStatisticResource(urls, statistic),
    },
  };
}
