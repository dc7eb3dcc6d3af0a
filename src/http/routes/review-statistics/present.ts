import type { Static } from 'typebox';
import type { ReviewStatisticRecord } from '../../../domain/model/statistics.js';
import { toIso } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import type { ReviewStatistic, ReviewStatisticData } from './schema.js';

export function reviewStatisticData(s: ReviewStatisticRecord): Static<typeof ReviewStatisticData> {
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

/** reviewStatisticData's object as JSON text, in the schema's order, for pages of 500 (collection-routes.ts, dataJson). */
export function reviewStatisticDataJson(s: ReviewStatisticRecord): string {
  return `{"created_at":"${toIso(s.createdAt)}","subject_id":${s.subjectId},"subject_type":${JSON.stringify(s.subjectType)},"meaning_correct":${s.meaningCorrect},"meaning_incorrect":${s.meaningIncorrect},"meaning_max_streak":${s.meaningMaxStreak},"meaning_current_streak":${s.meaningCurrentStreak},"reading_correct":${s.readingCorrect},"reading_incorrect":${s.readingIncorrect},"reading_max_streak":${s.readingMaxStreak},"reading_current_streak":${s.readingCurrentStreak},"percentage_correct":${s.percentageCorrect},"hidden":${s.hidden}}`;
}

export function reviewStatisticResource(urls: Urls, s: ReviewStatisticRecord): Static<typeof ReviewStatistic> {
  return resource(urls, '/review_statistics', 'review_statistic', s.id, s.updatedAt, reviewStatisticData(s));
}
