import { daysAway, vacationChange } from '../domain/vacation.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import { shiftTimedAssignments } from '../db/repositories/vacation.js';
import { inLearnerTransaction } from '../db/transaction.js';
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
 * under the user's lock so two concurrent ends shift once. Both instants are change stamps, taken
 * after the lock: consecutive pauses can never overlap, so no time away is counted twice.
 */
export async function setVacation(deps: Deps, userId: number, active: boolean): Promise<Result<VacationView>> {
  const outcome = await inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx, now, stamp }) => {
    const found = await findUserById(trx, userId);
    if (!found) return undefined;
    if (vacationChange(active, found.vacationStartedAt, now).kind === 'none') return { user: found, at: now };
    const at = stamp();
    const change = vacationChange(active, found.vacationStartedAt, at);
    if (change.kind === 'end') await shiftTimedAssignments(trx, userId, change.shiftMs, at);
    await updateUser(trx, userId, { vacationStartedAt: change.kind === 'start' ? at : null }, at);
    const user = await findUserById(trx, userId);
    return user && { user, at };
  });
  return outcome ? ok(vacationOf(outcome.user, outcome.at)) : notFound();
}
