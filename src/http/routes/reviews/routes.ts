import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { createReview } from '../../../services/reviews.js';
import { parseIsoInstant, toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { notFoundError, unprocessableError, valueOrThrow } from '../../errors.js';
import { PER_PAGE_LARGE } from '../../paging.js';
import { CollectionSchema, IdParam, ResourceSchema, Timestamp, errors } from '../../schemas.js';
import { Assignment, assignmentResource } from '../assignments/present.js';
import { ReviewStatistic, reviewStatisticResource } from '../review-statistics/present.js';
import type { ReviewRecord } from '../../../domain/model/reviews.js';

/** Wrong attempts per part are counted; an absurd count is a client bug, not a review. */
const MAX_INCORRECT = 10_000;

const ReviewBody = Type.Object({
  assignment_id: Type.Optional(Type.Integer({ minimum: 1 })),
  subject_id: Type.Optional(Type.Integer({ minimum: 1 })),
  incorrect_meaning_answers: Type.Integer({ minimum: 0, maximum: MAX_INCORRECT }),
  incorrect_reading_answers: Type.Integer({ minimum: 0, maximum: MAX_INCORRECT }),
  created_at: Type.Optional(Type.String({ description: 'ISO-8601 answer time (offline queue); clamped to [started_at, now]' })),
});

const ReviewData = Type.Object({
  created_at: Timestamp,
  assignment_id: Type.Integer(),
  subject_id: Type.Integer(),
  starting_srs_stage: Type.Integer(),
  ending_srs_stage: Type.Integer(),
  incorrect_meaning_answers: Type.Integer(),
  incorrect_reading_answers: Type.Integer(),
  spaced_repetition_system_id: Type.Integer(),
});

const CreatedReview = Type.Intersect([
  ResourceSchema(ReviewData, Type.Literal('review')),
  Type.Object({ resources_updated: Type.Object({ assignment: Assignment, review_statistic: ReviewStatistic }) }),
]);

const createSchema = {
  tags: ['study'],
  summary: 'Submit a review: the only call that moves the SRS (bare or {review: {...}})',
  body: ReviewBody,
  response: { 201: CreatedReview, ...errors(401, 404, 422) },
};

function reviewResource(urls: Urls, review: ReviewRecord) {
  return resource(urls, '/reviews', 'review', review.id, review.updatedAt, {
    created_at: toIso(review.createdAt),
    assignment_id: review.assignmentId,
    subject_id: review.subjectId,
    starting_srs_stage: review.startingSrsStage,
    ending_srs_stage: review.endingSrsStage,
    incorrect_meaning_answers: review.incorrectMeaningAnswers,
    incorrect_reading_answers: review.incorrectReadingAnswers,
    spaced_repetition_system_id: review.spacedRepetitionSystemId,
  });
}

export function reviewRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.post('/reviews', { schema: createSchema, config: { bodyWrapper: 'review' } }, async (request, reply) => {
      const body = request.body as Static<typeof ReviewBody>;
      let createdAt: number | null = null;
      if (body.created_at !== undefined) {
        createdAt = parseIsoInstant(body.created_at);
        if (createdAt === null) throw unprocessableError('created_at must be an ISO-8601 timestamp.');
      }
      const created = valueOrThrow(
        await createReview(deps, request.userId, {
          assignmentId: body.assignment_id,
          subjectId: body.subject_id,
          incorrectMeaningAnswers: body.incorrect_meaning_answers,
          incorrectReadingAnswers: body.incorrect_reading_answers,
          createdAt,
        }),
      );
      return reply.code(201).send({
        ...reviewResource(urls, created.review),
        resources_updated: {
          assignment: assignmentResource(urls, created.assignment),
          review_statistic: reviewStatisticResource(urls, created.statistic),
        },
      });
    });

    // The review log is not queryable: the collection is always empty and no review is found by id.
    app.get(
      '/reviews',
      {
        schema: {
          tags: ['study'],
          summary: 'Always empty (the review log is not queryable)',
          response: { 200: CollectionSchema(ResourceSchema(ReviewData)), ...errors(401) },
        },
      },
      async (request) => ({
        object: 'collection',
        url: urls.request(request),
        pages: { per_page: PER_PAGE_LARGE, next_url: null, previous_url: null },
        total_count: 0,
        data_updated_at: null,
        data: [],
      }),
    );
    app.get('/reviews/:id', { schema: { tags: ['study'], params: IdParam, response: errors(401, 404) } }, async () => {
      throw notFoundError();
    });
  };
}
