import { MINUTE_MS } from '../../shared/time.js';

/**
 * Study activity is counted in 15-minute UTC slots: every zone offset in use is a multiple of 15
 * minutes, so a local day in any zone is a union of whole slots.
 */
export const ACTIVITY_SLOT_MS = 15 * MINUTE_MS;

export function activitySlot(at: number): number {
  return Math.floor(at / ACTIVITY_SLOT_MS) * ACTIVITY_SLOT_MS;
}
