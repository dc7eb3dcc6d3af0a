import { DAY_MS } from '../shared/time.js';

/** What a PUT /vacation does from the current state; both directions are idempotent. */
export type VacationChange =
  | { kind: 'start' }
  /** Every timed assignment moves forward by exactly the time away. */
  | { kind: 'end'; shiftMs: number }
  | { kind: 'none' };

export function vacationChange(active: boolean, startedAt: number | null, now: number): VacationChange {
  if (active) return startedAt === null ? { kind: 'start' } : { kind: 'none' };
  return startedAt === null ? { kind: 'none' } : { kind: 'end', shiftMs: Math.max(0, now - startedAt) };
}

/** Whole 24-hour days since the vacation began: 0 on the first day, 0 when not on vacation. */
export function daysAway(startedAt: number | null, now: number): number {
  return startedAt === null ? 0 : Math.max(0, Math.floor((now - startedAt) / DAY_MS));
}
