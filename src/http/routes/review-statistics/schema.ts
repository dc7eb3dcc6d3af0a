import Type from 'typebox';
import { ResourceSchema, SUBJECT_SCOPED_QUERY, Timestamp } from '../../schemas.js';

export const ReviewStatisticData = Type.Object({
  created_at: Timestamp,
  subject_id: Type.Integer(),
  subject_type: Type.String(),
  meaning_correct: Type.Integer(),
  meaning_incorrect: Type.Integer(),
  meaning_max_streak: Type.Integer(),
  meaning_current_streak: Type.Integer(),
  reading_correct: Type.Integer(),
  reading_incorrect: Type.Integer(),
  reading_max_streak: Type.Integer(),
  reading_current_streak: Type.Integer(),
  percentage_correct: Type.Integer(),
  hidden: Type.Boolean(),
});

export const ReviewStatistic = ResourceSchema(ReviewStatisticData, Type.Literal('review_statistic'));

export const REVIEW_STATISTIC_QUERY = {
  ...SUBJECT_SCOPED_QUERY,
  percentages_greater_than: 'Integer; percentage_correct at least this (inclusive)',
  percentages_less_than: 'Integer; percentage_correct at most this (inclusive)',
};
