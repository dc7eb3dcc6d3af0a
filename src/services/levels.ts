import { levelPassed, type LevelFacts } from '../domain/progression/levels.js';
import type { SubjectType } from '../domain/subjects.js';
import { insertUnlockedAssignments, unlockableSubjects } from '../db/repositories/assignments.js';
import { topLevel } from '../db/repositories/content-facts.js';
import {
  findProgressionByLevel,
  highestLevel,
  insertProgression,
  markProgression,
  setProgressionStartedAt,
} from '../db/repositories/level-progressions.js';
import { levelProgressByType } from '../db/repositories/progress.js';
import type { Executor, Trx } from '../db/transaction.js';
import type { TypeProgress } from '../domain/model/progress.js';
import type { UserRecord } from '../domain/model/users.js';

/**
 * Steps shared by the use cases that move a learner forward; each runs inside the caller's
 * transaction.
 */

/** The user's level: the highest level progression, else the stored fallback. */
export async function currentLevel(db: Executor, user: Pick<UserRecord, 'id' | 'fallbackLevel'>): Promise<number> {
  return levelOf(user, await highestLevel(db, user.id));
}

/** The level given the user's highest progression (when the caller has read it already). */
export function levelOf(user: Pick<UserRecord, 'fallbackLevel'>, highest: { level: number } | null): number {
  return highest?.level ?? user.fallbackLevel;
}

/**
 * Opens a level (see docs/decisions.md, Unlocks and Level-up) at `at`: its progression, and lessons for its subjects whose components
 * have all passed (component-less subjects at once). Returns how many lessons it unlocked.
 */
export async function openLevel(trx: Trx, userId: number, level: number, at: number, stamp: number): Promise<number> {
  await insertProgression(trx, userId, level, at, stamp);
  const subjects = await unlockableSubjects(trx, userId, { level, prerequisite: 'passed' });
  await insertUnlockedAssignments(trx, userId, subjects, at, stamp);
  return subjects.length;
}

/** Records the first lesson started on a level (the earliest, when a start is back-dated). */
export async function noteLessonStarted(trx: Trx, userId: number, level: number, at: number, stamp: number): Promise<void> {
  const progression = await findProgressionByLevel(trx, userId, level);
  if (progression && (progression.startedAt === null || at < progression.startedAt)) {
    await setProgressionStartedAt(trx, userId, level, at, stamp);
  }
}

/** The level-up facts of a level; advancing ahead of schedule (see docs/decisions.md, Advance ahead of schedule) counts `started` in place of `passed`. */
export function levelFacts(byType: Record<SubjectType, TypeProgress>, milestone: 'passed' | 'started' = 'passed'): LevelFacts {
  const all = Object.values(byType);
  return {
    kanjiTotal: byType.kanji.total,
    kanjiPassed: byType.kanji[milestone],
    subjectsTotal: all.reduce((n, t) => n + t.total, 0),
    subjectsPassed: all.reduce((n, t) => n + t[milestone], 0),
  };
}

/**
 * After a subject first reaches the passing stage (see docs/decisions.md, Unlocks and Level-up): its dependents at or below the
 * user's level unlock, the subject's level gets passed_at once its kanji pass, and when that level
 * is the user's own (and not the top) the next level opens.
 */
export async function afterPass(
  trx: Trx,
  userId: number,
  userLevel: number,
  subject: { id: number; level: number },
  at: number,
  stamp: number,
): Promise<void> {
  const ready = await unlockableSubjects(trx, userId, { componentOf: subject.id, maxLevel: userLevel, prerequisite: 'passed' });
  await insertUnlockedAssignments(trx, userId, ready, at, stamp);

  const progression = await findProgressionByLevel(trx, userId, subject.level);
  if (!progression || progression.passedAt !== null) return;
  if (!levelPassed(levelFacts(await levelProgressByType(trx, userId, subject.level)))) return;
  await markProgression(trx, userId, subject.level, 'passed_at', at, stamp);
  if (subject.level === userLevel && userLevel < (await topLevel(trx))) await openLevel(trx, userId, userLevel + 1, at, stamp);
}

/** After a burn: the level is completed when every non-hidden subject of it is burned (see docs/decisions.md, Level-up). */
export async function afterBurn(trx: Trx, userId: number, level: number, at: number, stamp: number): Promise<void> {
  const progression = await findProgressionByLevel(trx, userId, level);
  if (!progression || progression.completedAt !== null) return;
  const all = Object.values(await levelProgressByType(trx, userId, level));
  const total = all.reduce((n, t) => n + t.total, 0);
  if (total > 0 && all.reduce((n, t) => n + t.burned, 0) >= total) {
    await markProgression(trx, userId, level, 'completed_at', at, stamp);
  }
}
