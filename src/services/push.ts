import { effectiveZone } from '../domain/calendar/zones.js';
import { isQuietHour, planPush, pushContent, pushGate, type PushContent, type PushDecision } from '../domain/notifications.js';
import { restorePushBaseline, withRunLock } from '../db/repositories/notifications.js';
import { insertPushTickets } from '../db/repositories/push-tickets.js';
import { activePushTokens, revokePushTokens, userIdsWithPushTokens } from '../db/repositories/push-tokens.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import { inTransaction, lockUser, type Trx } from '../db/transaction.js';
import type { Deps } from './deps.js';
import { currentLevel } from './levels.js';
import { waitingNow } from './pacing.js';
import type { AcceptedPush } from '../domain/model/push.js';

/** What the push run decided for one learner, claimed in one transaction. */
export interface PushClaim {
  userId: number;
  userUuid: string;
  decision: Exclude<PushDecision, 'failed'>;
  /** The learner's active tokens (the devices a `sent` claim goes to). */
  devices: string[];
  /** Null when the decision needed no count (no devices, vacation). */
  reviews: number | null;
  lessons: number | null;
  baselineBefore: number;
  baselineAfter: number;
  /** The announcement, for a `sent` claim. */
  content: PushContent | null;
}

/** Only one push run at a time per database; null when another one holds it. */
export function withPushRunLock<T>(deps: Deps, work: () => Promise<T>): Promise<T | null> {
  return withRunLock(deps.db, 'push_tick', work);
}

/** A page of the learners who ever registered a device (revoked ones too, to report `no_devices`), by id. */
export function pushCandidates(deps: Deps, afterUserId: number, limit: number): Promise<number[]> {
  return userIdsWithPushTokens(deps.db.kysely, afterUserId, limit);
}

/**
 * Runs `decide` for each user of a page inside one transaction that first locks them all, in id
 * order (so two pages never deadlock): one commit per page rather than per user. Results keep the
 * page's order.
 */
export async function decideLocked<T>(
  deps: Deps,
  userIds: readonly number[],
  decide: (trx: Trx, userId: number) => Promise<T>,
): Promise<T[]> {
  return inTransaction(deps.db, async (trx) => {
    for (const id of [...userIds].sort((a, b) => a - b)) await lockUser(deps.db, trx, id);
    const results: T[] = [];
    for (const id of userIds) results.push(await decide(trx, id));
    return results;
  });
}

async function decidePush(trx: Trx, userId: number, options: { dryRun: boolean; now: number }): Promise<PushClaim | null> {
  const { now } = options;
  const user = await findUserById(trx, userId);
  if (!user) return null;
  const devices = await activePushTokens(trx, userId);
  const unchanged = { userId, userUuid: user.uuid, devices, baselineBefore: user.pushBaseline, baselineAfter: user.pushBaseline };
  const gate = pushGate({ activeDevices: devices.length, onVacation: user.vacationStartedAt !== null });
  if (gate !== null) return { ...unchanged, decision: gate, reviews: null, lessons: null, content: null };

  const waiting = await waitingNow(trx, user, await currentLevel(trx, user), now);
  const reviews = waiting.reviewSubjectIds.length;
  const lessons = waiting.lessonSubjectIds.length;
  const plan = planPush({ waiting: reviews + lessons, baseline: user.pushBaseline, quiet: isQuietHour(now, effectiveZone(user.timezone)) });
  if (!options.dryRun && plan.baseline !== user.pushBaseline) await updateUser(trx, userId, { pushBaseline: plan.baseline }, null);
  return {
    ...unchanged,
    decision: plan.decision,
    reviews,
    lessons,
    baselineAfter: plan.baseline,
    content: plan.decision === 'sent' ? pushContent(reviews, lessons) : null,
  };
}

/**
 * Decides a page of learners under their user locks and, unless it is a dry run, stores each new
 * baseline in the same transaction before anything is sent: a second run (another instance, a
 * retry) then sees the rise as announced and never announces it twice. Null for a user who no
 * longer exists.
 */
export function claimPushes(
  deps: Deps,
  userIds: readonly number[],
  options: { dryRun: boolean; now: number },
): Promise<(PushClaim | null)[]> {
  return decideLocked(deps, userIds, (trx, userId) => decidePush(trx, userId, options));
}

/** What the provider's answers leave to record after a run's sends. */
export interface PushSettlement {
  /** Tokens the provider answered DeviceNotRegistered for. */
  unregistered: string[];
  /** Claims of which no device accepted the announcement: their baselines are given back. */
  undelivered: Pick<PushClaim, 'userId' | 'baselineBefore' | 'baselineAfter'>[];
  /** Messages the provider accepted, with the receipt ids a later run reads their receipts by. */
  accepted: AcceptedPush[];
  /** When the run claimed (a token registered again since then was re-armed and stays); the tickets' created_at. */
  claimedAt: number;
}

/**
 * Records the provider's answers: unregistered tokens are revoked (kept for a re-arm), an
 * undelivered announcement gives its baseline back so the next run tries again, and the tickets of
 * accepted messages are kept for the receipts pass (see push-receipts.ts). The first two writes are
 * conditional, so they never undo a newer registration or a newer run's claim. Returns how many
 * tokens were revoked.
 */
export async function settlePush(deps: Deps, settlement: PushSettlement): Promise<number> {
  const at = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    for (const claim of settlement.undelivered) await restorePushBaseline(trx, claim.userId, claim.baselineAfter, claim.baselineBefore);
    await insertPushTickets(trx, settlement.accepted, settlement.claimedAt);
    return revokePushTokens(trx, settlement.unregistered, at, settlement.claimedAt);
  });
}
