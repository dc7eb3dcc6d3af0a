import type { Executor } from '../transaction.js';

/** Pushes every timed assignment of the user (available_at set, overdue ones too) forward by `byMs`. */
export async function shiftTimedAssignments(db: Executor, userId: number, byMs: number, stamp: number): Promise<number> {
  const result = await db
    .updateTable('assignments')
    .set((eb) => ({ available_at: eb('available_at', '+', byMs), updated_at: stamp }))
    .where('user_id', '=', userId)
    .where('available_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
