import { resurrect, retire, type AssignmentState } from './engine.js';
import type { SrsSystem } from './system.js';

export const BURN_ACTIONS = ['resurrect', 'retire'] as const;
export type BurnAction = (typeof BURN_ACTIONS)[number];

/** Subjects one burn manager call may name. */
export const BURN_MANAGER_MAX_IDS = 200;

/** Why the burn manager left a subject alone; not_found is decided before this, where rows are read. */
export const BURN_SKIP_REASONS = ['not_burned', 'already_burned', 'not_started', 'not_resurrected', 'not_found'] as const;
export type BurnSkipReason = (typeof BURN_SKIP_REASONS)[number];

export type BurnOutcome = { moved: true; state: AssignmentState } | { moved: false; reason: BurnSkipReason };

/**
 * The burn manager's rule for one assignment: resurrect needs a burned item; retire needs one that
 * was brought back and is not burned again.
 */
export function applyBurnAction(action: BurnAction, system: SrsSystem, state: AssignmentState, now: number): BurnOutcome {
  if (action === 'resurrect') {
    return state.burnedAt === null ? { moved: false, reason: 'not_burned' } : { moved: true, state: resurrect(system, state, now) };
  }
  if (state.burnedAt !== null) return { moved: false, reason: 'already_burned' };
  if (state.startedAt === null) return { moved: false, reason: 'not_started' };
  if (state.resurrectedAt === null) return { moved: false, reason: 'not_resurrected' };
  return { moved: true, state: retire(system, state, now) };
}
