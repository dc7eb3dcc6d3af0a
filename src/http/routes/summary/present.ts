import type { Static } from 'typebox';
import type { Bucket } from '../../../domain/schedule.js';
import type { Summary } from '../../../services/summary.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import type { SummaryData } from './schema.js';

const bucket = (b: Bucket) => ({ available_at: toIso(b.availableAt), subject_ids: b.subjectIds });

export function presentSummary(summary: Summary): Static<typeof SummaryData> {
  return {
    lessons: summary.lessons.map(bucket),
    reviews: summary.reviews.map(bucket),
    next_reviews_at: toIsoOrNull(summary.nextReviewsAt),
  };
}
