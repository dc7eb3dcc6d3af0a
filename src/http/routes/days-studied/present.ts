import Type from 'typebox';
import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import type { DaysStudied } from '../../../domain/calendar/streak.js';

/** A calendar date `YYYY-MM-DD` in the user's time zone (UTC without one). */
export const LocalDate = Type.String({ format: 'date', description: "YYYY-MM-DD in the user's time zone" });
const NullableLocalDate = Type.Union([LocalDate, Type.Null()]);

export const DaysStudiedData = Type.Object({
  days: Type.Integer({ description: 'Distinct local days with a lesson started or a review' }),
  first_studied_on: NullableLocalDate,
  last_studied_on: NullableLocalDate,
});

const dateOrNull = (day: number | null) => (day === null ? null : dayNumberDate(day));

export function presentDaysStudied(d: DaysStudied) {
  return { days: d.days, first_studied_on: dateOrNull(d.first), last_studied_on: dateOrNull(d.last) };
}
