import { DAY_MS, HOUR_MS } from '../shared/time.js';

/** Days the dashboard forecast looks ahead. */
export const FORECAST_DAYS = 7;
export const FORECAST_SPAN_MS = FORECAST_DAYS * DAY_MS;

export interface ForecastEntry {
  /** The hour by which `count` more reviews have arrived. */
  availableAt: number;
  count: number;
  /** Reviews waiting at that time: those waiting now plus every arrival so far. */
  cumulative: number;
}

/**
 * Upcoming arrivals (after now, ascending) grouped into the hours they arrive by, non-empty hours
 * only. Schedules sit on the hour, but a resurrect or a vacation's end can leave one between hours;
 * it is counted at the next top of the hour so an entry never claims a review early.
 */
export function forecast(waitingNow: number, arrivals: readonly { availableAt: number; count: number }[]): ForecastEntry[] {
  const entries: ForecastEntry[] = [];
  let cumulative = waitingNow;
  for (const arrival of arrivals) {
    const hour = Math.ceil(arrival.availableAt / HOUR_MS) * HOUR_MS;
    cumulative += arrival.count;
    const last = entries[entries.length - 1];
    if (last !== undefined && last.availableAt === hour) {
      last.count += arrival.count;
      last.cumulative = cumulative;
    } else {
      entries.push({ availableAt: hour, count: arrival.count, cumulative });
    }
  }
  return entries;
}
