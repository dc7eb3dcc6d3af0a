import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { getSummary } from '../../../services/summary.js';
import type { Bucket } from '../../../domain/schedule.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { NullableTimestamp, ReportSchema, Timestamp, errors } from '../../schemas.js';

const BucketSchema = Type.Object({ available_at: Timestamp, subject_ids: Type.Array(Type.Integer()) });
const SummaryReport = ReportSchema(
  Type.Object({ lessons: Type.Array(BucketSchema), reviews: Type.Array(BucketSchema), next_reviews_at: NullableTimestamp }),
  Type.Literal('report'),
);

const bucket = (b: Bucket) => ({ available_at: toIso(b.availableAt), subject_ids: b.subjectIds });

export function summaryRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get(
      '/summary',
      {
        schema: {
          tags: ['study'],
          summary: 'Lessons now and reviews over the next 24 hours',
          response: { 200: SummaryReport, ...errors(401) },
        },
        config: { cacheable: true },
      },
      async (request, reply) => {
        const summary = valueOrThrow(await getSummary(deps, request.userId));
        reply.dataUpdatedAt = summary.updatedAt;
        return report(urls, '/summary', 'report', summary.updatedAt, {
          lessons: summary.lessons.map(bucket),
          reviews: summary.reviews.map(bucket),
          next_reviews_at: toIsoOrNull(summary.nextReviewsAt),
        });
      },
    );
  };
}
