import type { WindowSlots } from './calendar/activity.js';
import type { ReviewTotals } from './model/activity.js';

/** A review's instant and whether it was answered right first time (1) or not (0). */
export interface ReviewInstant {
  at: number;
  correct: number;
}

/**
 * What a window's review totals are worked out from while its slots stay the same: the counters
 * of its whole slots (`inner`) and every review of its edge slots (`edges`; edgeRanges).
 */
export interface WindowReads {
  slots: WindowSlots;
  inner: ReviewTotals;
  edges: readonly ReviewInstant[];
}

const sameSlots = (a: WindowSlots, b: WindowSlots) =>
  a.head === b.head && a.innerFrom === b.innerFrom && a.innerUntil === b.innerUntil && a.tail === b.tail;

/**
 * The reviews of [from, until) as reviewTotalsRead counts them (whole slots from the counters, the
 * edges review by review), from what was read for the window's slots: the same figures at every
 * instant those slots hold. Refuses a window with other slots.
 */
export function reviewTotalsWithin(reads: WindowReads, from: number, until: number, slots: WindowSlots): ReviewTotals {
  if (!sameSlots(reads.slots, slots)) throw new Error(`[${from}, ${until}) has other slots than the window read`);
  let { reviews, correct } = reads.inner;
  const { innerFrom, innerUntil } = slots;
  for (const review of reads.edges) {
    if (review.at < from || review.at >= until || (review.at >= innerFrom && review.at < innerUntil)) continue;
    reviews += 1;
    correct += review.correct;
  }
  return { reviews, correct };
}
