import { DateTime } from 'luxon';

/** Time units in milliseconds; every stored instant is epoch milliseconds (UTC). */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** ISO-8601 UTC with milliseconds, the format of every `_at` field. */
export function toIso(ms: number): string {
  return new Date(ms).toISOString();
}

export function toIsoOrNull(ms: number | null): string | null {
  return ms === null ? null : toIso(ms);
}

/** Floors an instant to the top of its UTC hour (all real zones share hour boundaries at this scale). */
export function floorToHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/** ISO-8601 instant (an offset or Z; none means UTC); null when unparseable. */
export function parseIsoInstant(text: string): number | null {
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
