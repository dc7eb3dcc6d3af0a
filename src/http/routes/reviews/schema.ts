import Type from 'typebox';
import { CollectionSchema, IdParam, ResourceSchema, Timestamp, errors } from '../../schemas.js';
import { Assignment } from '../assignments/schema.js';
import { ReviewStatistic } from '../review-statistics/schema.js';

/** Wrong attempts per part are counted; an absurd count is a client bug, not a review. */
const MAX_INCORRECT = 10_000;

const ReviewBody = Type.Object({
  assignment_id: Type.Optional(Type.Integer({ minimum: 1 })),
  subject_id: Type.Optional(Type.Integer({ minimum: 1 })),
  incorrect_meaning_answers: Type.Integer({ minimum: 0, maximum: MAX_INCORRECT }),
  incorrect_reading_answers: Type.Integer({ minimum: 0, maximum: MAX_INCORRECT }),
  created_at: Type.Optional(Type.String({ description: 'ISO-8601 answer time (offline queue); clamped to [started_at, now]' })),
});

export const ReviewData = Type.Object({
  created_at: Timestamp,
  assignment_id: Type.Integer(),
  subject_id: Type.Integer(),
  starting_srs_stage: Type.Integer(),
  ending_srs_stage: Type.Integer(),
  incorrect_meaning_answers: Type.Integer(),
  incorrect_reading_answers: Type.Integer(),
  spaced_repetition_system_id: Type.Integer(),
});

export const Review = ResourceSchema(ReviewData, Type.Literal('review'));

export const CreatedReviewBody = Type.Intersect([
  Review,
  Type.Object({ resources_updated: Type.Object({ assignment: Assignment, review_statistic: ReviewStatistic }) }),
]);

export const createReviewSchema = {
  tags: ['study'],
  summary: 'Submit a review: the only call that moves the SRS (bare or {review: {...}})',
  body: ReviewBody,
  response: { 201: CreatedReviewBody, ...errors(401, 404, 422) },
};

export const listReviewsSchema = {
  tags: ['study'],
  summary: 'Always empty (the review log is not queryable)',
  response: { 200: CollectionSchema(ResourceSchema(ReviewData)), ...errors(401) },
};

export const getReviewSchema = { tags: ['study'], params: IdParam, response: errors(401, 404) };
