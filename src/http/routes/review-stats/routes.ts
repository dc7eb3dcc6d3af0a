import { PERIODS, type Period } from '../../../domain/preferences.js';
import type { Deps } from '../../../services/deps.js';
import { getReviewStats } from '../../../services/review-stats.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import type { RawQuery } from '../../filters.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentPeriodStats } from './present.js';
import { DEFAULT_PERIOD, reviewStatsSchema } from './schema.js';

function periodOf(query: RawQuery): Period {
  const value = query.period;
  if (value === undefined || value === '') return DEFAULT_PERIOD;
  const period = PERIODS.find((p) => p === value);
  if (period === undefined) throw unprocessableError(`period must be one of: ${PERIODS.join(', ')}.`);
  return period;
}

export function reviewStatsRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/review_stats', { schema: reviewStatsSchema }, async (request) => {
      const stats = valueOrThrow(await getReviewStats(deps, request.userId, periodOf(request.query)));
      return report(urls, '/review_stats', 'report', deps.clock.now(), presentPeriodStats(stats));
    });
  };
}
