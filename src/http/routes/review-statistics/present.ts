import type { Static } from 'typebox';
import type { ReviewStatisticRecord } from '../../../domain/model/statistics.js';
import { toIso } from '../../../shared/time.js';
import { fragment, type JsonBytes } from '../../json-bytes.js';
import type { ReviewStatisticData } from './schema.js';

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

const CREATED_AT = fragment('{"created_at":');
const SUBJECT_ID = fragment(',"subject_id":');
const SUBJECT_TYPE = fragment(',"subject_type":');
const MEANING_CORRECT = fragment(',"meaning_correct":');
const MEANING_INCORRECT = fragment(',"meaning_incorrect":');
const MEANING_MAX_STREAK = fragment(',"meaning_max_streak":');
const MEANING_CURRENT_STREAK = fragment(',"meaning_current_streak":');
const READING_CORRECT = fragment(',"reading_correct":');
const READING_INCORRECT = fragment(',"reading_incorrect":');
const READING_MAX_STREAK = fragment(',"reading_max_streak":');
const READING_CURRENT_STREAK = fragment(',"reading_current_streak":');
const PERCENTAGE_CORRECT = fragment(',"percentage_correct":');
const HIDDEN = fragment(',"hidden":');
const END = fragment('}');

/** Writes reviewStatisticData's object as JSON, in the schema's order, for pages of 500 (collection-routes.ts, writeData). */
export function writeReviewStatisticData(out: JsonBytes, s: ReviewStatisticRecord): void {
  out.fragment(CREATED_AT);
  out.instant(s.createdAt);
  out.fragment(SUBJECT_ID);
  out.number(s.subjectId);
  out.fragment(SUBJECT_TYPE);
  out.string(s.subjectType);
  out.fragment(MEANING_CORRECT);
  out.number(s.meaningCorrect);
  out.fragment(MEANING_INCORRECT);
  out.number(s.meaningIncorrect);
  out.fragment(MEANING_MAX_STREAK);
  out.number(s.meaningMaxStreak);
  out.fragment(MEANING_CURRENT_STREAK);
  out.number(s.meaningCurrentStreak);
  out.fragment(READING_CORRECT);
  out.number(s.readingCorrect);
  out.fragment(READING_INCORRECT);
  out.number(s.readingIncorrect);
  out.fragment(READING_MAX_STREAK);
  out.number(s.readingMaxStreak);
  out.fragment(READING_CURRENT_STREAK);
  out.number(s.readingCurrentStreak);
  out.fragment(PERCENTAGE_CORRECT);
  out.number(s.percentageCorrect);
  out.fragment(HIDDEN);
  out.boolean(s.hidden);
  out.fragment(END);
}
