import Type from 'typebox';
import { NullableTimestamp, ReportSchema, errors } from '../../schemas.js';

export const VacationData = Type.Object({
  started_at: NullableTimestamp,
  days_away: Type.Integer({ description: 'Whole days away, 0 on the first day' }),
});

export const VacationReport = ReportSchema(VacationData, Type.Literal('report'));

export const getVacationSchema = {
  tags: ['account'],
  summary: 'Whether the SRS clock is paused',
  response: { 200: VacationReport, ...errors(401) },
};

export const putVacationSchema = {
  tags: ['account'],
  summary: 'Pause or resume the SRS clock (bare or {vacation: {...}}); idempotent both ways',
  body: Type.Object({ active: Type.Boolean({ description: 'true pauses the SRS clock, false resumes it' }) }),
  response: { 200: VacationReport, ...errors(401, 422) },
};
