import { DateTime } from 'luxon';

/** Time units in milliseconds; every stored instant is epoch milliseconds (UTC). */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The farthest instant a Date can hold, either side of 1970. */
const LAST_INSTANT_MS = 8.64e15;
const twoDigits = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
const threeDigits = (n: number): string => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** Days formatted, `YYYY-MM-DDT`: a page of rows repeats a few hundred days at most. */
const dayPrefixes = new Map<number, string>();
const DAY_PREFIXES_KEPT = 4096;

/** The UTC day of an instant (days since 1970), for `isoDayPrefix`; a RangeError beyond what a Date holds. */
export function isoDay(ms: number): number {
  if (!(Math.abs(ms) <= LAST_INSTANT_MS)) throw new RangeError('Invalid time value');
  return Math.floor(ms / DAY_MS);
}

/** A day's `YYYY-MM-DDT`, formatted once and kept. */
export function isoDayPrefix(day: number): string {
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= DAY_PREFIXES_KEPT) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, -'00:00:00.000Z'.length);
    dayPrefixes.set(day, prefix);
  }
  return prefix;
}

/**
 * ISO-8601 UTC with milliseconds, the format of every `_at` field; the same text as
 * Date#toISOString. A sync page formats thousands of these: each day's date part is formatted once
 * and kept, and the time of day is written from integers, a fraction of the cost of building a
 * Date each time (bench/README.md, collection syncs).
 */
export function toIso(ms: number): string {
  const day = isoDay(ms);
  const time = timeOfDay(ms, day);
  return `${isoDayPrefix(day)}${twoDigits(time[0])}:${twoDigits(time[1])}:${twoDigits(time[2])}.${threeDigits(time[3])}Z`;
}

// One array for every call: instants are written by the thousand per page, each read at once.
const TIME_OF_DAY: [number, number, number, number] = [0, 0, 0, 0];

/**
 * Hours, minutes, seconds and milliseconds of `ms` into its UTC day (`day`, from isoDay), in an
 * array that the next call overwrites: read it before calling again.
 */
export function timeOfDay(ms: number, day: number): readonly [number, number, number, number] {
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / HOUR_MS);
  rest -= hours * HOUR_MS;
  const minutes = Math.floor(rest / MINUTE_MS);
  rest -= minutes * MINUTE_MS;
  const seconds = Math.floor(rest / SECOND_MS);
  TIME_OF_DAY[0] = hours;
  TIME_OF_DAY[1] = minutes;
  TIME_OF_DAY[2] = seconds;
  TIME_OF_DAY[3] = rest - seconds * SECOND_MS;
  return TIME_OF_DAY;
}

export function toIsoOrNull(ms: number | null): string | null {
  return ms === null ? null : toIso(ms);
}

/** Floors an instant to the top of its UTC hour (all real zones share hour boundaries at this scale). */
export function floorToHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** The form the API writes (toIso) and most clients and content files send back. */
const CANONICAL_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/;

/**
 * The canonical form read without Luxon (a curriculum import reads tens of thousands of them): the
 * instant only when its fields name a real date and time as written, else undefined and the
 * general parser decides.
 */
function canonicalInstant(text: string): number | undefined {
  const m = CANONICAL_INSTANT.exec(text);
  if (m === null) return undefined;
  const [year, month, day, hours, minutes, seconds] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds, Number((m[7] ?? '').padEnd(3, '0')));
  const back = new Date(ms);
  const exact =
    back.getUTCFullYear() === year &&
    back.getUTCMonth() === month - 1 &&
    back.getUTCDate() === day &&
    back.getUTCHours() === hours &&
    back.getUTCMinutes() === minutes &&
    back.getUTCSeconds() === seconds;
  return exact ? ms : undefined;
}

/** ISO-8601 instant (an offset or Z; none means UTC); null when unparseable. */
export function parseIsoInstant(text: string): number | null {
  const canonical = canonicalInstant(text);
  if (canonical !== undefined) return canonical;
  // A literal '+' of an offset arrives as a space when a query string was not encoded.
  const parsed = DateTime.fromISO(text.trim().replace(' ', '+'), { zone: 'utc' });
  return parsed.isValid ? parsed.toMillis() : null;
}

/** HTTP-date (RFC 7231) of an instant, for Last-Modified. */
export function toHttpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** Parses an HTTP-date; null when unparseable. */
export function parseHttpDate(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}
