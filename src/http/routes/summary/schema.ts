import Type from 'typebox';
import { NullableTimestamp, ReportSchema, Timestamp, errors } from '../../schemas.js';

const BucketSchema = Type.Object({ available_at: Timestamp, subject_ids: Type.Array(Type.Integer()) });

export const SummaryData = Type.Object({
  lessons: Type.Array(BucketSchema),
  reviews: Type.Array(BucketSchema),
  next_reviews_at: NullableTimestamp,
});

export const summarySchema = {
  tags: ['study'],
  summary: 'Lessons now and reviews over the next 24 hours',
  response: { 200: ReportSchema(SummaryData, Type.Literal('report')), ...errors(401) },
};
