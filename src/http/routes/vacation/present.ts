import Type from 'typebox';
import type { VacationView } from '../../../services/vacation.js';
import { toIsoOrNull } from '../../../shared/time.js';
import { NullableTimestamp } from '../../schemas.js';

export const VacationData = Type.Object({
  started_at: NullableTimestamp,
  days_away: Type.Integer({ description: 'Whole days away, 0 on the first day' }),
});

export function presentVacation(v: VacationView) {
  return { started_at: toIsoOrNull(v.startedAt), days_away: v.daysAway };
}
