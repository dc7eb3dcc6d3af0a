import { applyBurnAction, type BurnAction, type BurnSkipReason } from '../domain/srs/burns.js';
import { saveAssignmentState } from '../db/repositories/assignments.js';
import { burnTargets } from '../db/repositories/burns.js';
import { findUserById } from '../db/repositories/users.js';
import { inLearnerTransaction, type LearnerWrite } from '../db/learner-writes.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import { afterBurn, afterPass, currentLevel } from './levels.js';
import { systemIn, systemsByIds } from './srs-systems.js';

export interface BurnReport {
  action: BurnAction;
  /** Subject ids moved, in the order asked. */
  changed: number[];
  skipped: { subjectId: number; reason: BurnSkipReason }[];
  /** When the write was answered (the report's data_updated_at, so a replayed answer is identical). */
  at: number;
}

interface Retired {
  id: number;
  level: number;
  /** passed_at was filled by the retire itself. */
  newlyPassed: boolean;
}

/**
 * POST /burn_manager: resurrects or retires the user's assignments of the given subjects in one
 * transaction. Every distinct id lands in `changed` or `skipped` exactly once.
 */
export async function manageBurns(
  deps: Deps,
  userId: number,
  action: BurnAction,
  subjectIds: readonly number[],
  idempotency?: IdempotentRequest,
): Promise<BurnReport> {
  const ids = [...new Set(subjectIds)];
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async (write) => {
      const { trx, now, stamp } = write;
      const targets = await burnTargets(trx, userId, ids);
      const systems = await systemsByIds(
        trx,
        [...targets.values()].map((t) => t.srsId),
      );
      const report: BurnReport = { action, changed: [], skipped: [], at: now };
      const retired: Retired[] = [];
      for (const subjectId of ids) {
        const target = targets.get(subjectId);
        if (!target) {
          report.skipped.push({ subjectId, reason: 'not_found' });
          continue;
        }
        const { assignment, srsId } = target;
        const outcome = applyBurnAction(action, systemIn(systems, srsId), assignment, now);
        if (!outcome.moved) {
          report.skipped.push({ subjectId, reason: outcome.reason });
          continue;
        }
        await saveAssignmentState(trx, userId, assignment.id, outcome.state, stamp());
        report.changed.push(subjectId);
        if (action === 'retire') retired.push({ id: subjectId, level: assignment.subjectLevel, newlyPassed: assignment.passedAt === null });
      }
      await settleRetired(write, userId, retired);
      return report;
    },
    idempotency,
  );
}

/** After retiring: levels may complete (see docs/decisions.md, Level-up), and an item that passes only now unlocks its dependents (see docs/decisions.md, Unlocks). */
async function settleRetired({ trx, now, stamp }: LearnerWrite, userId: number, retired: readonly Retired[]): Promise<void> {
  for (const level of new Set(retired.map((r) => r.level))) await afterBurn(trx, userId, level, now, stamp());
  const passed = retired.filter((r) => r.newlyPassed);
  if (passed.length === 0) return;
  const user = await findUserById(trx, userId);
  if (!user) throw new Error(`user ${userId} vanished inside its own transaction`);
  const level = await currentLevel(trx, user);
  for (const subject of passed) await afterPass(trx, userId, level, subject, now, stamp());
}
