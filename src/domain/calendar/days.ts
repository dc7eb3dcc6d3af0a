import { DateTime } from 'luxon';

/** The instants [start, end) of the local day holding `at` (23 or 25 hours long across a DST change). */
export function localDayBounds(at: number, zone: string): { start: number; end: number } {
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  return { start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() };
}
