import { daysAway, vacationChange } from '../domain/vacation.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import { shiftTimedAssignments } from '../db/repositories/vacation.js';
import { inTransaction, lockUser } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { UserRecord } from '../domain/model/users.js';

export interface VacationView {
  startedAt: number | null;
  daysAway: number;
  /** The account's updated_at: every vacation change bumps it. */
  updatedAt: number;
}

export function vacationOf(user: UserRecord, now: number): VacationView {
  return { startedAt: user.vacationStartedAt, daysAway: daysAway(user.vacationStartedAt, now), updatedAt: user.updatedAt };
}

export async function getVacation(deps: Deps, userId: number): Promise<Result<VacationView>> {
  const user = await findUserById(deps.db.kysely, userId);
  return user ? ok(vacationOf(user, deps.clock.now())) : notFound();
}

/**
 * PUT /vacation, idempotent both ways. Starting records the instant; ending pushes every timed
 * assignment forward by exactly the time away (overdue ones too) and clears it, in one transaction
 * under the user's lock so two concurrent ends shift once.
 */
export async function setVacation(deps: Deps, userId: number, active: boolean): Promise<Result<VacationView>> {
  const now = deps.clock.now();
  const user = await inTransaction(deps.db, async (trx) => {
    await lockUser(deps.db, trx, userId);
    const found = await findUserById(trx, userId);
    if (!found) return undefined;
    const change = vacationChange(active, found.vacationStartedAt, now);
    if (change.kind === 'none') return found;
    if (change.kind === 'end') await shiftTimedAssignments(trx, userId, change.shiftMs, now);
    await updateUser(trx, userId, { vacationStartedAt: change.kind === 'start' ? now : null }, now);
    return findUserById(trx, userId);
  });
  return user ? ok(vacationOf(user, now)) : notFound();
}
