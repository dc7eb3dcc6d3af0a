/** Review statistics as the repositories return them, and their filters. */

import type { StatisticCounts } from '../srs/statistics.js';
import type { SubjectType } from '../subjects.js';
import type { SubjectScopedFilters } from './filters.js';

export interface ReviewStatisticRecord extends StatisticCounts {
  id: number;
  subjectId: number;
  subjectType: SubjectType;
  percentageCorrect: number;
  hidden: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface StatisticFilters extends SubjectScopedFilters {
  /** Inclusive bounds on percentage_correct. */
  percentageAtLeast?: number | undefined;
  percentageAtMost?: number | undefined;
}
