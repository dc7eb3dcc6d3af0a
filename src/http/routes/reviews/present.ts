import type { ReviewRecord } from '../../../domain/model/reviews.js';
import type { CreatedReview } from '../../../services/reviews.js';
import { resourceWriter, type Urls } from '../../envelopes.js';
import { fragment, JsonBytes } from '../../json-bytes.js';
import { writeAssignmentData } from '../assignments/present.js';
import { writeReviewStatisticData } from '../review-statistics/present.js';

const CREATED_AT = fragment('{"created_at":');
const ASSIGNMENT_ID = fragment(',"assignment_id":');
const SUBJECT_ID = fragment(',"subject_id":');
const STARTING_SRS_STAGE = fragment(',"starting_srs_stage":');
const ENDING_SRS_STAGE = fragment(',"ending_srs_stage":');
const INCORRECT_MEANING_ANSWERS = fragment(',"incorrect_meaning_answers":');
const INCORRECT_READING_ANSWERS = fragment(',"incorrect_reading_answers":');
const SPACED_REPETITION_SYSTEM_ID = fragment(',"spaced_repetition_system_id":');
const RESOURCES_UPDATED = fragment('},"resources_updated":{"assignment":');
const REVIEW_STATISTIC = fragment(',"review_statistic":');
const END = fragment('}');
/**
 * A body's buffer is sized from the longest body so far, with room for longer numbers: one buffer,
 * neither grown nor copied to its length (JsonBytes.bytes copies one a quarter too large).
 */
const FIRST_BODY_BYTES = 1536;
const ROOM_FOR_LONGER_NUMBERS = 64;

/** The review's own envelope with the created review, whose `data` is followed by the resources it moved. */
interface CreatedEnvelope {
  id: number;
  updatedAt: number;
  created: CreatedReview;
}

/**
 * The body of a created review (the review, with the assignment and statistic it moved) as bytes,
 * written as the route's schema serialises it (test/http/created-review-bytes.test.ts): POST /reviews answers every review with it, and the
 * object built and then walked by the schema's serializer was about a twentieth of a review's event
 * loop (bench/README.md, "Twelfth pass").
 */
export function createdReviewWriter(urls: Urls): (created: CreatedReview) => Buffer {
  const writeAssignment = resourceWriter(urls, '/assignments', 'assignment', writeAssignmentData);
  const writeStatistic = resourceWriter(urls, '/review_statistics', 'review_statistic', writeReviewStatisticData);
  // `data`, then the member the body's schema adds after the review's envelope: resources_updated.
  const writeEnvelope = resourceWriter<CreatedEnvelope>(urls, '/reviews', 'review', (out, { created }) => {
    writeReviewData(out, created.review);
    out.fragment(RESOURCES_UPDATED);
    writeAssignment(out, created.assignment);
    out.fragment(REVIEW_STATISTIC);
    writeStatistic(out, created.statistic);
    out.fragment(END);
  });
  let room = FIRST_BODY_BYTES;
  return (created) => {
    const out = new JsonBytes(room);
    writeEnvelope(out, { id: created.review.id, updatedAt: created.review.updatedAt, created });
    room = Math.max(room, out.length + ROOM_FOR_LONGER_NUMBERS);
    return out.bytes();
  };
}

function writeReviewData(out: JsonBytes, review: ReviewRecord): void {
  out.fragment(CREATED_AT);
  out.instant(review.createdAt);
  out.fragment(ASSIGNMENT_ID);
  out.number(review.assignmentId);
  out.fragment(SUBJECT_ID);
  out.number(review.subjectId);
  out.fragment(STARTING_SRS_STAGE);
  out.number(review.startingSrsStage);
  out.fragment(ENDING_SRS_STAGE);
  out.number(review.endingSrsStage);
  out.fragment(INCORRECT_MEANING_ANSWERS);
  out.number(review.incorrectMeaningAnswers);
  out.fragment(INCORRECT_READING_ANSWERS);
  out.number(review.incorrectReadingAnswers);
  out.fragment(SPACED_REPETITION_SYSTEM_ID);
  out.number(review.spacedRepetitionSystemId);
}
