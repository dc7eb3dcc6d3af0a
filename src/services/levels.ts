import { findProgressionByLevel, highestLevel, insertProgression, markProgression } from '../db/repositories/level-progressions.js';
import { insertUnlockedAssignments, unlockableSubjects } from '../db/repositories/assignments.js';
import type { Trx, Executor } from '../db/transaction.js';
import type { UserRecord } from '../db/repositories/users.js';

/**
 * Steps shared by the use cases that move a learner forward; each runs inside the caller's
 * transaction.
 */

/** The user's level: the highest level progression, else the stored fallback. */
export async function currentLevel(db: Executor, user: Pick<UserRecord, 'id' | 'fallbackLevel'>): Promise<number> {
  return (await highestLevel(db, user.id))?.level ?? user.fallbackLevel;
}

/**
 * Opens a level (R12, R13): its progression, and lessons for its subjects whose components have
 * all passed (component-less subjects at once). Returns how many lessons it unlocked.
 */
export async function openLevel(trx: Trx, userId: number, level: number, at: number): Promise<number> {
  await insertProgression(trx, userId, level, at);
  const subjects = await unlockableSubjects(trx, userId, { level, prerequisite: 'passed' });
  await insertUnlockedAssignments(trx, userId, subjects, at);
  return subjects.length;
}

/** Records the first lesson started on a level. */
export async function noteLessonStarted(trx: Trx, userId: number, level: number, at: number): Promise<void> {
  const progression = await findProgressionByLevel(trx, userId, level);
  if (progression && progression.startedAt === null) await markProgression(trx, userId, level, 'started_at', at);
}
