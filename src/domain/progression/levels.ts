/** Share of a level's kanji that must pass (reach the passing stage) to level up; rounded up. */
export const LEVEL_UP_FRACTION = 0.9;

/** How many of a level's kanji must pass: ceil(90% of the non-hidden kanji). */
export function kanjiNeededToLevelUp(kanjiTotal: number): number {
  return Math.ceil(LEVEL_UP_FRACTION * kanjiTotal);
}

/** The facts of one level for one user that decide a level-up (see docs/decisions.md, Level-up). */
export interface LevelFacts {
  kanjiTotal: number;
  kanjiPassed: number;
  /** For levels without kanji: every non-hidden subject of the level, and how many are passed. */
  subjectsTotal: number;
  subjectsPassed: number;
}

export function levelPassed(facts: LevelFacts): boolean {
  if (facts.kanjiTotal > 0) return facts.kanjiPassed >= kanjiNeededToLevelUp(facts.kanjiTotal);
  return facts.subjectsTotal > 0 && facts.subjectsPassed >= facts.subjectsTotal;
}

/** Kanji still to pass before the level-up threshold (never negative). */
export function kanjiToLevelUp(kanjiTotal: number, kanjiPassed: number): number {
  return Math.max(0, kanjiNeededToLevelUp(kanjiTotal) - kanjiPassed);
}
