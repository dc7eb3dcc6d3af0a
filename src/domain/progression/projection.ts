import { scheduleAt } from '../srs/engine.js';
import type { SrsSystem } from '../srs/system.js';

/** A component of a subject as the projection reads it: its SRS state and its own system. */
export interface ComponentState {
  srsStage: number;
  startedAt: number | null;
  passedAt: number | null;
  availableAt: number | null;
  system: SrsSystem;
}

/**
 * When a component would first reach its system's passing stage if every review were answered
 * correctly the moment it is due (a review already due is answered now). Null once it has passed.
 * A lesson not yet taken is projected as taken now.
 */
export function projectedPassAt(component: ComponentState, now: number): number | null {
  const { system } = component;
  if (component.passedAt !== null || component.srsStage >= system.passingStage) return null;
  let stage = component.startedAt === null ? system.startingStage : component.srsStage;
  let due = component.startedAt === null ? scheduleAt(system, stage, now) : Math.max(component.availableAt ?? now, now);
  // The review due at `stage` moves it up one; the one that lands on the passing stage is the answer.
  while (due !== null && stage + 1 < system.passingStage) {
    stage += 1;
    due = scheduleAt(system, stage, due);
  }
  if (due === null) throw new Error(`SRS system ${system.id} has a stage below passing without an interval`);
  return due;
}

/**
 * A subject's unlocks_at (the API document's projection): the latest of its components' projected
 * passes; null when no component has anything left to wait for.
 */
export function projectedUnlockAt(components: readonly ComponentState[], now: number): number | null {
  let latest: number | null = null;
  for (const component of components) {
    const at = projectedPassAt(component, now);
    if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/** Candidate order: nothing to wait for first, then the soonest, then level and id. */
export function compareByUnlock(a: { unlocksAt: number | null; level: number; subjectId: number }, b: typeof a): number {
  if (a.unlocksAt !== b.unlocksAt) {
    if (a.unlocksAt === null) return -1;
    if (b.unlocksAt === null) return 1;
    return a.unlocksAt - b.unlocksAt;
  }
  return a.level - b.level || a.subjectId - b.subjectId;
}
