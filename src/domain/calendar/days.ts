import { DateTime } from 'luxon';
import { DAY_MS } from '../../shared/time.js';

interface DayBounds {
  readonly start: number;
  readonly end: number;
}

/**
 * The last day worked out per zone: nearly every call of a day falls in it, and Luxon's zone
 * arithmetic was a twentieth of a dashboard (bench/README.md, fifth pass). Only a day of exactly
 * 24 hours is kept: within it no clock change can move an instant to another local date, so every
 * instant of [start, end) has these bounds. One entry per zone name in use.
 */
const lastDays = new Map<string, DayBounds>();

/** The instants [start, end) of the local day holding `at` (23 or 25 hours long across a DST change). */
export function localDayBounds(at: number, zone: string): DayBounds {
  const last = lastDays.get(zone);
  if (last !== undefined && at >= last.start && at < last.end) return last;
  const day = DateTime.fromMillis(at, { zone }).startOf('day');
  const bounds = Object.freeze({ start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() });
  if (bounds.end - bounds.start === DAY_MS) lastDays.set(zone, bounds);
  return bounds;
}
