import type { Static } from 'typebox';
import type { Deps } from '../../../services/deps.js';
import {
  createReview,
  createReviewWithCredential,
  type CreatedReview,
  type ReviewCommitted,
  type ReviewInput,
} from '../../../services/reviews.js';
import type { CarriedPages } from '../../carried-pages.js';
import { parseIsoInstant } from '../../../shared/time.js';
import type { RowVersion } from '../../../shared/paging.js';
import type { Urls } from '../../envelopes.js';
import { notFoundError, unprocessableError, valueOrThrow } from '../../errors.js';
import { acceptCredentialOwner, checkPresentedCredential, refusedCredential } from '../../plugins/auth.js';
import type { Result } from '../../../shared/result.js';
import { PER_PAGE_LARGE } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { createdReviewWriter } from './present.js';
import { createReviewSchema, getReviewSchema, listReviewsSchema } from './schema.js';

export function reviewRoutes(deps: Deps, urls: Urls, carried: CarriedPages): RoutePlugin {
  return async (app) => {
    // The handler checks the credential (plugins/auth.ts, checksCredential; services/reviews.ts,
    // createReviewWithCredential): on PostgreSQL in the review's first statement, one round trip
    // fewer; on SQLite on the writing connection, whose page cache its commits leave warm.
    const createdBody = createdReviewWriter(urls);
    app.post<{ Body: Static<typeof createReviewSchema.body>; Reply: Buffer }>(
      '/reviews',
      { schema: createReviewSchema, config: { bodyWrapper: 'review', idempotent: true, checksCredential: true } },
      async (request, reply) => {
        const body = request.body;
        let createdAt: number | null = null;
        if (body.created_at !== undefined) {
          createdAt = parseIsoInstant(body.created_at);
          if (createdAt === null) throw unprocessableError('created_at must be an ISO-8601 timestamp.');
        }
        const input: ReviewInput = {
          assignmentId: body.assignment_id,
          subjectId: body.subject_id,
          incorrectMeaningAnswers: body.incorrect_meaning_answers,
          incorrectReadingAnswers: body.incorrect_reading_answers,
          createdAt,
        };
        const { credential } = request;
        // A review writes no study material (nor does what it unlocks or levels up): the learner's kept
        // pages of them are carried, and those of its assignment and statistic when it only updated them.
        const committed: ReviewCommitted = (write, { assignment, statistic }) => {
          const changes = new Map<string, readonly RowVersion[]>([['/study_materials', []]]);
          if (assignment !== null) changes.set('/assignments', [assignment]);
          if (statistic !== null) changes.set('/review_statistics', [statistic]);
          carried.carry(request.userId, request.learner!.uuid, write, changes);
        };
        let created: Result<CreatedReview> | undefined;
        if (credential !== null && request.idempotency === undefined) {
          created = await createReviewWithCredential(deps, credential, input, (owner) => acceptCredentialOwner(request, owner), committed);
          if (created === undefined) throw refusedCredential(request);
        } else {
          // A replayed or stored answer is the learner's: the credential is checked before the key is looked up.
          await checkPresentedCredential(deps, request);
          created = await createReview(deps, request.userId, input, request.idempotency, committed);
        }
        const review = valueOrThrow(created);
        reply.code(201);
        // Bytes pass the schema's serializer; the API's headers (plugins/headers.ts) say they are JSON.
        return createdBody(review);
      },
    );

    // The review log is not queryable: the collection is always empty and no review is found by id.
    app.get('/reviews', { schema: listReviewsSchema }, async (request) => ({
      object: 'collection' as const,
      url: urls.request(request),
      pages: { per_page: PER_PAGE_LARGE, next_url: null, previous_url: null },
      total_count: 0,
      data_updated_at: null,
      data: [],
    }));
    app.get('/reviews/:id', { schema: getReviewSchema }, async () => {
      throw notFoundError();
    });
  };
}
