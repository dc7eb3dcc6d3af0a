import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../services/deps.js';
import { getReviewStatistic, listReviewStatistics } from '../../../services/review-statistics.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { integer, subjectScopedFilters, type RawQuery } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { SUBJECT_SCOPED_QUERY } from '../../schemas.js';
import { ReviewStatisticData, reviewStatisticData } from './present.js';

function readFilters(query: RawQuery) {
  return {
    ...subjectScopedFilters(query),
    percentageAtLeast: integer(query, 'percentages_greater_than'),
    percentageAtMost: integer(query, 'percentages_less_than'),
  };
}

export function reviewStatisticRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    registerCollection(app, urls, {
      path: '/review_statistics',
      object: 'review_statistic',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: {
        ...SUBJECT_SCOPED_QUERY,
        percentages_greater_than: 'Integer; percentage_correct at least this (inclusive)',
        percentages_less_than: 'Integer; percentage_correct at most this (inclusive)',
      },
      data: ReviewStatisticData,
      readFilters,
      list: (request, filters, cursor) => listReviewStatistics(deps, request.userId, filters, PER_PAGE_DEFAULT, cursor),
      get: (request, id) => getReviewStatistic(deps, request.userId, id),
      present: reviewStatisticData,
    });
  };
}
