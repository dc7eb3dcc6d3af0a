import Type from 'typebox';
import { PERIODS, type Period } from '../../../domain/preferences.js';
import { errors, OneOf, Query, ReportSchema } from '../../schemas.js';

export const DEFAULT_PERIOD: Period = 'past_7_days';

const WindowData = Type.Object({
  reviews: Type.Integer(),
  correct: Type.Integer({ description: 'Reviews answered right first time' }),
  percentage: Type.Union([Type.Integer(), Type.Null()], { description: 'Null, not 0, with no reviews' }),
});

export const PeriodStatsData = Type.Object({
  period: OneOf(PERIODS),
  current: WindowData,
  previous: WindowData,
});

export const reviewStatsSchema = {
  tags: ['screens'],
  summary: 'Reviews completed in a period versus the period before it',
  querystring: Query({ period: `One of ${PERIODS.join(', ')}; default ${DEFAULT_PERIOD}` }),
  response: { 200: ReportSchema(PeriodStatsData, Type.Literal('report')), ...errors(401, 422) },
};
