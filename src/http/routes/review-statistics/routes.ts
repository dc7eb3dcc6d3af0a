import type { Deps } from '../../../services/deps.js';
import { getReviewStatistic, listReviewStatistics, listReviewStatisticsAgainst } from '../../../services/review-statistics.js';
import { registerCollection, type LearnerPageKeepers } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { integer, subjectScopedFilters, type RawQuery } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { reviewStatisticData, writeReviewStatisticData } from './present.js';
import { REVIEW_STATISTIC_QUERY, ReviewStatisticData } from './schema.js';

function readFilters(query: RawQuery) {
  return {
    ...subjectScopedFilters(query),
    percentageAtLeast: integer(query, 'percentages_greater_than'),
    percentageAtMost: integer(query, 'percentages_less_than'),
  };
}

export function reviewStatisticRoutes(deps: Deps, urls: Urls, keepers: LearnerPageKeepers): RoutePlugin {
  return async (app) => {
    registerCollection(
      app,
      urls,
      {
        path: '/review_statistics',
        object: 'review_statistic',
        perPage: PER_PAGE_DEFAULT,
        tag: 'study',
        query: REVIEW_STATISTIC_QUERY,
        data: ReviewStatisticData,
        readFilters,
        list: (userId, filters, cursor) => listReviewStatistics(deps, userId, filters, PER_PAGE_DEFAULT, cursor),
        listAgainst: (userId, filters, cursor, held, credential) =>
          listReviewStatisticsAgainst(deps, userId, filters, PER_PAGE_DEFAULT, cursor, held, credential),
        get: (userId, id) => getReviewStatistic(deps, userId, id),
        present: reviewStatisticData,
        writeData: writeReviewStatisticData,
      },
      keepers,
      deps,
    );
  };
}
