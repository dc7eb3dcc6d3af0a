import { HOUR_MS } from '../shared/time.js';

/** Hours covered by /summary's review buckets. */
export const SUMMARY_HOURS = 24;

export interface Bucket {
  availableAt: number;
  subjectIds: number[];
}

/**
 * Hourly buckets from `hourStart`: everything already due (days ago included) lands in the first,
 * items due at or after the last bucket's end are left out.
 */
export function hourlyBuckets(hourStart: number, hours: number, items: readonly { subjectId: number; availableAt: number }[]): Bucket[] {
  const buckets: Bucket[] = Array.from({ length: hours }, (_, i) => ({ availableAt: hourStart + i * HOUR_MS, subjectIds: [] }));
  for (const item of items) {
    const index = Math.max(0, Math.floor((item.availableAt - hourStart) / HOUR_MS));
    buckets[index]?.subjectIds.push(item.subjectId);
  }
  return buckets;
}

/** When the next non-empty batch arrives: the current hour if anything is due in it, else the earliest due time. */
export function nextReviewsAt(hourStart: number, earliestDue: number | null): number | null {
  if (earliestDue === null) return null;
  return earliestDue < hourStart + HOUR_MS ? hourStart : earliestDue;
}
