import { IANAZone } from 'luxon';

/**
 * An IANA zone name as clients must send it: `Area/Location` (or `UTC`). Offsets such as `GMT+8`
 * and bare city names such as `Manila` are not zone names. Returns the name as sent with its letter
 * case corrected (`asia/manila` -> `Asia/Manila`), or null. ICU resolves several current names to
 * their legacy aliases (`Asia/Kolkata` -> `Asia/Calcutta`, `Europe/Kyiv` -> `Europe/Kiev`), so its
 * answer is used only when it is the same name.
 */
export function canonicalZoneName(name: string): string | null {
  if (name !== 'UTC' && !name.includes('/')) return null;
  if (!IANAZone.isValidZone(name)) return null;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

/** The zone calendar math runs in: the user's, or UTC when none is set. */
export function effectiveZone(timezone: string | null): string {
  return timezone ?? 'UTC';
}
