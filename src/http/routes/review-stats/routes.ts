import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { PERIODS, type Period } from '../../../domain/preferences.js';
import type { Deps } from '../../../services/deps.js';
import { getReviewStats } from '../../../services/review-stats.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import type { RawQuery } from '../../filters.js';
import { Query, ReportSchema, errors } from '../../schemas.js';
import { PeriodStatsData, presentPeriodStats } from './present.js';

const DEFAULT_PERIOD: Period = 'past_7_days';

const schema = {
  tags: ['screens'],
  summary: 'Reviews completed in a period versus the period before it',
  querystring: Query({ period: `One of ${PERIODS.join(', ')}; default ${DEFAULT_PERIOD}` }),
  response: { 200: ReportSchema(PeriodStatsData, Type.Literal('report')), ...errors(401, 422) },
};

function periodOf(query: RawQuery): Period {
  const value = query.period;
  if (value === undefined || value === '') return DEFAULT_PERIOD;
  const period = PERIODS.find((p) => p === value);
  if (period === undefined) throw unprocessableError(`period must be one of: ${PERIODS.join(', ')}.`);
  return period;
}

export function reviewStatsRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/review_stats', { schema }, async (request) => {
      const stats = valueOrThrow(await getReviewStats(deps, request.userId, periodOf(request.query as RawQuery)));
      return report(urls, '/review_stats', 'report', deps.clock.now(), presentPeriodStats(stats));
    });
  };
}
