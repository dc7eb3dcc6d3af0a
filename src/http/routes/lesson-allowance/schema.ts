import Type from 'typebox';
import { ReportSchema, errors } from '../../schemas.js';

export const AllowanceData = Type.Object({
  max: Type.Integer({ description: "Today's ceiling (max_daily_lessons, at most 100)" }),
  started_today: Type.Integer({ description: 'Every lesson started today in the user’s zone, past the cap included' }),
  remaining: Type.Integer({ description: 'Never negative' }),
});

export const lessonAllowanceSchema = {
  tags: ['screens'],
  summary: "How many lessons today's ceiling still permits (never shrinks /assignments or /summary)",
  response: { 200: ReportSchema(AllowanceData, Type.Literal('report')), ...errors(401) },
};
