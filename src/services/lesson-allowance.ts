import type { LessonAllowance } from '../domain/pacing.js';
import { findUserById } from '../db/repositories/users.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import { allowanceFor } from './pacing.js';

/** GET /lesson_allowance: today's ceiling in the user's zone, what was started, what remains. */
export async function getLessonAllowance(deps: Deps, userId: number): Promise<Result<LessonAllowance>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  return ok(await allowanceFor(db, user, deps.clock.now()));
}
