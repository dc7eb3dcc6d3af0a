import Type from 'typebox';
import type { LessonAllowance } from '../../../domain/pacing.js';

export const AllowanceData = Type.Object({
  max: Type.Integer({ description: "Today's ceiling (max_daily_lessons, at most 100)" }),
  started_today: Type.Integer({ description: 'Every lesson started today in the user’s zone, past the cap included' }),
  remaining: Type.Integer({ description: 'Never negative' }),
});

export function presentAllowance(a: LessonAllowance) {
  return { max: a.max, started_today: a.startedToday, remaining: a.remaining };
}
