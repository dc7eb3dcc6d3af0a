import { IANAZone } from 'luxon';

/**
 * An IANA zone name as clients must send it: `Area/Location` (or `UTC`). Offsets such as `GMT+8`
 * and bare city names such as `Manila` are not zone names. Returns the canonical spelling, or null.
 */
export function canonicalZoneName(name: string): string | null {
  if (name !== 'UTC' && !name.includes('/')) return null;
  if (!IANAZone.isValidZone(name)) return null;
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
}

/** The zone calendar math runs in: the user's, or UTC when none is set. */
export function effectiveZone(timezone: string | null): string {
  return timezone ?? 'UTC';
}
