import type { Static } from 'typebox';
import type { PeriodStats } from '../../../services/review-stats.js';
import type { PeriodStatsData } from './schema.js';

export function presentPeriodStats(s: PeriodStats): Static<typeof PeriodStatsData> {
  return { period: s.period, current: s.current, previous: s.previous };
}
