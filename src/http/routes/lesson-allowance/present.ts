import type { Static } from 'typebox';
import type { LessonAllowance } from '../../../domain/pacing.js';
import type { AllowanceData } from './schema.js';

export function presentAllowance(a: LessonAllowance): Static<typeof AllowanceData> {
  return { max: a.max, started_today: a.startedToday, remaining: a.remaining };
}
