import { levelPassed, type LevelFacts } from './levels.js';

/** Why no tranche can open (see docs/decisions.md, Advance ahead of schedule); the same words are GET /unlockable's `blocked` and POST /advance's `reason`. */
export const TRANCHE_BLOCKS = ['lessons_pending', 'nothing_to_unlock', 'max_level'] as const;
export type TrancheBlock = (typeof TRANCHE_BLOCKS)[number];

export const ADVANCE_OUTCOMES = ['unlocked', 'levelled_up', 'nothing'] as const;
export type AdvanceOutcome = (typeof ADVANCE_OUTCOMES)[number];

/** What the tranche rule looks at first, for one user at one moment. */
export interface TrancheFacts<S> {
  /** Unlocked lessons not yet started, at or below the user's level. */
  pendingLessons: number;
  /** Locked, visible subjects at or below the user's level whose components are all started. */
  atOrBelowLevel: readonly S[];
  atTopLevel: boolean;
}

/** What it looks at once the level's own tranche is empty. */
export interface NextLevelFacts<S> {
  /** The user's level with "started" counted in place of "passed". */
  levelStarted: LevelFacts;
  /** Locked, visible subjects of the next level whose components are all started. */
  subjects: readonly S[];
}

export type Tranche<S> = { blocked: TrancheBlock } | { blocked: null; subjects: readonly S[]; levelsUp: boolean };

/**
 * Ahead of schedule (docs/decisions.md, Advance ahead of schedule): the unlock rules with "started" in place of "passed". The tranche is the
 * level's own; once that is empty (below the top level) the answer is the next level's, from
 * nextLevelTranche.
 */
export function trancheOf<S>(facts: TrancheFacts<S>): Tranche<S> | 'next_level' {
  if (facts.pendingLessons > 0) return { blocked: 'lessons_pending' };
  if (facts.atOrBelowLevel.length > 0) return { blocked: null, subjects: facts.atOrBelowLevel, levelsUp: false };
  return facts.atTopLevel ? { blocked: 'max_level' } : 'next_level';
}

/** Past an empty level: the next level's subjects once the level-up threshold of kanji is started; opening them levels up. */
export function nextLevelTranche<S>(facts: NextLevelFacts<S>): Tranche<S> {
  if (levelPassed(facts.levelStarted) && facts.subjects.length > 0) return { blocked: null, subjects: facts.subjects, levelsUp: true };
  return { blocked: 'nothing_to_unlock' };
}

/** The subjects one call opens: the whole tranche, or the listed ids that are in it (the others are ignored). */
export function chosenSubjects<S extends { id: number }>(subjects: readonly S[], listed: readonly number[] | undefined): S[] {
  if (listed === undefined) return [...subjects];
  const wanted = new Set(listed);
  return subjects.filter((s) => wanted.has(s.id));
}
