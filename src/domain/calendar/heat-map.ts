import { DateTime } from 'luxon';
import { DAY_MS } from '../../shared/time.js';
import type { DayActivity } from './day-numbers.js';

export const HEAT_MAP_VIEWS = ['month', 'year'] as const;
export type HeatMapView = (typeof HEAT_MAP_VIEWS)[number];
/** The furthest back a heat map reaches, in whole periods. */
export const MAX_HEAT_MAP_OFFSET = 120;

/** The local days a heat map covers and the instants they span. */
export interface HeatMapRange {
  view: HeatMapView;
  offset: number;
  /** First and last local day numbers, inclusive. */
  firstDay: number;
  lastDay: number;
  /** Instants [start, end) of those days in the zone. */
  start: number;
  end: number;
  /** "November 2026" or "2026", in English (docs/decisions.md, Heat map label). */
  label: string;
}

const dayNumberOf = (local: DateTime): number => Math.round(Date.UTC(local.year, local.month - 1, local.day) / DAY_MS);

/** The whole month or year `offset` periods before the one holding `now`, in `zone`. */
export function heatMapRange(view: HeatMapView, offset: number, now: number, zone: string): HeatMapRange {
  const unit = view === 'month' ? 'month' : 'year';
  const first = DateTime.fromMillis(now, { zone })
    .startOf(unit)
    .minus({ [unit]: offset });
  const next = first.plus({ [unit]: 1 });
  return {
    view,
    offset,
    firstDay: dayNumberOf(first),
    lastDay: dayNumberOf(next) - 1,
    start: first.toMillis(),
    end: next.toMillis(),
    label: view === 'month' ? first.setLocale('en-US').toFormat('LLLL yyyy') : String(first.year),
  };
}

/** Every day of the range in order, empty days included. */
export function heatMapDays(range: HeatMapRange, activity: readonly DayActivity[]): DayActivity[] {
  const byDay = new Map(activity.map((a) => [a.day, a]));
  return Array.from({ length: range.lastDay - range.firstDay + 1 }, (_, i) => {
    const day = range.firstDay + i;
    const found = byDay.get(day);
    return { day, reviews: found?.reviews ?? 0, lessons: found?.lessons ?? 0 };
  });
}
