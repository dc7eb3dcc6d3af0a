import Type from 'typebox';
import { ReportSchema, errors } from '../../schemas.js';

/** A calendar date `YYYY-MM-DD` in the user's time zone (UTC without one). */
export const LocalDate = Type.String({ format: 'date', description: "YYYY-MM-DD in the user's time zone" });
const NullableLocalDate = Type.Union([LocalDate, Type.Null()]);

export const DaysStudiedData = Type.Object({
  days: Type.Integer({ description: 'Distinct local days with a lesson started or a review' }),
  first_studied_on: NullableLocalDate,
  last_studied_on: NullableLocalDate,
});

export const daysStudiedSchema = {
  tags: ['screens'],
  summary: 'Distinct local days with a lesson or review (data_updated_at: when the last of them began)',
  response: { 200: ReportSchema(DaysStudiedData, Type.Literal('report')), ...errors(401) },
};
