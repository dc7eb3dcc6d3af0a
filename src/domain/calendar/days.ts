import { DateTime } from 'luxon';

/** A local calendar day as `YYYY-MM-DD` in `zone`. */
export function localDate(at: number, zone: string): string {
  return DateTime.fromMillis(at, { zone }).toISODate() as string;
}

/** The instants [start, end) of the local day holding `at` (23 or 25 hours long across a DST change). */
export function localDayBounds(at: number, zone: string): { start: number; end: number } {
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  return { start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() };
}
