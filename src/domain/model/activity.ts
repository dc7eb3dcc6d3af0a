/** Counts of study activity over a span, as the repositories sum them. */

export interface ActivityTotals {
  reviews: number;
  correct: number;
  lessons: number;
}

export interface ReviewTotals {
  reviews: number;
  correct: number;
}
