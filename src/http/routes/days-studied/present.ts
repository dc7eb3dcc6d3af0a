import type { Static } from 'typebox';
import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import type { DaysStudied } from '../../../domain/calendar/streak.js';
import type { DaysStudiedData } from './schema.js';

const dateOrNull = (day: number | null) => (day === null ? null : dayNumberDate(day));

export function presentDaysStudied(d: DaysStudied): Static<typeof DaysStudiedData> {
  return { days: d.days, first_studied_on: dateOrNull(d.first), last_studied_on: dateOrNull(d.last) };
}
