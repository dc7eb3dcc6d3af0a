import Type from 'typebox';
import { toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { ResourceSchema, Timestamp } from '../../schemas.js';
import type { ReviewStatisticRecord } from '../../../domain/model/statistics.js';

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

export function reviewStatisticData(s: ReviewStatisticRecord) {
  return {
    created_at: toIso(s.createdAt),
    subject_id: s.subjectId,
    subject_type: s.subjectType,
    meaning_correct: s.meaningCorrect,
    meaning_incorrect: s.meaningIncorrect,
    meaning_max_streak: s.meaningMaxStreak,
    meaning_current_streak: s.meaningCurrentStreak,
    reading_correct: s.readingCorrect,
    reading_incorrect: s.readingIncorrect,
    reading_max_streak: s.readingMaxStreak,
    reading_current_streak: s.readingCurrentStreak,
    percentage_correct: s.percentageCorrect,
    hidden: s.hidden,
  };
}

export function reviewStatisticResource(urls: Urls, s: ReviewStatisticRecord) {
  return resource(urls, '/review_statistics', 'review_statistic', s.id, s.updatedAt, reviewStatisticData(s));
}
