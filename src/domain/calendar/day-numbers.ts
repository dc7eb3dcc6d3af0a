import { DateTime } from 'luxon';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../shared/time.js';

/**
 * Local calendar days as day numbers (days since 1970-01-01 of the local date). The screens group
 * thousands of activity slots into local days per request; Intl's offset lookup costs under a
 * microsecond where a Luxon DateTime costs tens, so bulk grouping goes through here and the few
 * boundary computations (period starts, ranges) keep using Luxon.
 */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  return format;
}

// "11/21/2026, GMT+05:30"; UTC itself reads "GMT"; historical offsets may carry seconds.
const OFFSET = /GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Offsets already looked up, per zone, by UTC second: the zone database changes offsets only at
 * whole seconds, so an offset holds for its whole second. offsetSpans probes a learner's history
 * once a day from its first activity on every request (hundreds of lookups for a year of study),
 * the same seconds each time.
 */
const knownOffsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT_PER_ZONE = 100_000;

/** The zone's offset from UTC at `at`, in milliseconds. */
export function zoneOffsetMs(at: number, zone: string): number {
  const second = Math.floor(at / SECOND_MS);
  let known = knownOffsets.get(zone);
  const cached = known?.get(second);
  if (cached !== undefined) return cached;
  const match = OFFSET.exec(offsetFormat(zone).format(at));
  if (match === null) throw new Error(`no UTC offset for ${zone} at ${at}`);
  const size = match[1] === undefined ? 0 : Number(match[2]) * HOUR_MS + Number(match[3]) * MINUTE_MS + Number(match[4] ?? 0) * SECOND_MS;
  const offset = match[1] === '-' ? -size : size;
  if (known === undefined) knownOffsets.set(zone, (known = new Map()));
  if (known.size >= OFFSETS_KEPT_PER_ZONE) known.clear();
  known.set(second, offset);
  return offset;
}

/** The local day holding `at` in `zone`. */
export function localDayNumber(at: number, zone: string): number {
  return Math.floor((at + zoneOffsetMs(at, zone)) / DAY_MS);
}

/** `YYYY-MM-DD` of a day number. */
export function dayNumberDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The instant local `day` begins in `zone` (Luxon moves a midnight that a DST gap skips forward). */
export function dayStartsAt(day: number, zone: string): number {
  return DateTime.fromISO(dayNumberDate(day), { zone }).toMillis();
}

/** The Monday of the week holding `day` (weeks run Monday to Sunday; 1970-01-01 was a Thursday). */
export function weekStartOf(day: number): number {
  return day - ((((day + 3) % 7) + 7) % 7);
}

/** An instant range [from, until) over which a zone's UTC offset does not change. */
export interface OffsetSpan {
  from: number;
  until: number;
  offsetMs: number;
}

/** Offsets are probed this far apart; no zone has changed its offset and back within a day. */
const OFFSET_PROBE_MS = DAY_MS;

/**
 * The zone's offsets over [from, until) as spans of constant offset, so local days can be grouped
 * by the database: within a span the local day is floor((at + offset) / day). Each change is found
 * by probing once a day and pinned to the millisecond by bisection.
 */
export function offsetSpans(from: number, until: number, zone: string): OffsetSpan[] {
  const spans: OffsetSpan[] = [];
  let start = from;
  let offset = zoneOffsetMs(from, zone);
  // The offset is `offset` at every instant of [start, known].
  let known = from;
  while (known < until - 1) {
    const probe = Math.min(known + OFFSET_PROBE_MS, until - 1);
    if (zoneOffsetMs(probe, zone) === offset) {
      known = probe;
      continue;
    }
    let lo = known;
    let hi = probe;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zoneOffsetMs(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    spans.push({ from: start, until: hi, offsetMs: offset });
    start = hi;
    known = hi;
    offset = zoneOffsetMs(hi, zone);
  }
  spans.push({ from: start, until, offsetMs: offset });
  return spans;
}

/** Study on one local day. */
export interface DayActivity {
  day: number;
  reviews: number;
  lessons: number;
}
