import { MINUTE_MS } from '../../shared/time.js';

/**
 * Study activity is counted in 15-minute UTC slots: every zone offset in use is a multiple of 15
 * minutes, so a local day in any zone is a union of whole slots.
 */
export const ACTIVITY_SLOT_MS = 15 * MINUTE_MS;

export function activitySlot(at: number): number {
  return Math.floor(at / ACTIVITY_SLOT_MS) * ACTIVITY_SLOT_MS;
}

/**
 * How the reviews of [from, until) are counted exactly: the whole slots inside, [innerFrom,
 * innerUntil), from the activity counters, and the reviews of the partial slots at either edge one
 * by one. Those edges lie in the slot holding `from` (`head`) and the one holding `until` (`tail`);
 * with no whole slot inside (innerFrom >= innerUntil) the window lies within those two.
 */
export interface WindowSlots {
  head: number;
  innerFrom: number;
  innerUntil: number;
  tail: number;
}

export function windowSlots(from: number, until: number): WindowSlots {
  return {
    head: activitySlot(from),
    innerFrom: activitySlot(from + ACTIVITY_SLOT_MS - 1),
    innerUntil: activitySlot(until),
    tail: activitySlot(until),
  };
}

/** The instants [from, until) whose reviews are read one by one for a window's edges: its head and tail slots, one range when they touch. */
export function edgeRanges({ head, tail }: WindowSlots): { from: number; until: number }[] {
  return tail <= head + ACTIVITY_SLOT_MS
    ? [{ from: head, until: tail + ACTIVITY_SLOT_MS }]
    : [
        { from: head, until: head + ACTIVITY_SLOT_MS },
        { from: tail, until: tail + ACTIVITY_SLOT_MS },
      ];
}
