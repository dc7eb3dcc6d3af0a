import Type from 'typebox';
import { PERIODS } from '../../../domain/preferences.js';
import type { PeriodStats } from '../../../services/review-stats.js';

const WindowData = Type.Object({
  reviews: Type.Integer(),
  correct: Type.Integer({ description: 'Reviews answered right first time' }),
  percentage: Type.Union([Type.Integer(), Type.Null()], { description: 'Null, not 0, with no reviews' }),
});

export const PeriodStatsData = Type.Object({
  period: Type.Union(PERIODS.map((p) => Type.Literal(p))),
  current: WindowData,
  previous: WindowData,
});

export function presentPeriodStats(s: PeriodStats) {
  return { period: s.period, current: s.current, previous: s.previous };
}
