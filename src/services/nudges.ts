import { effectiveZone } from '../domain/calendar/zones.js';
import { nudgeAccountGate, nudgeBacklogGate, nudgeIdleWindow, type NudgeDecision } from '../domain/notifications.js';
import { activityBetween } from '../db/repositories/activity.js';
import { restoreLastNudgedAt, userIdsAfter, withRunLock } from '../db/repositories/notifications.js';
import { earliestReviewAt, reviewSubjectIdsDue } from '../db/repositories/queues.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import type { Trx } from '../db/transaction.js';
import type { Deps } from './deps.js';
import { decideLocked } from './push.js';

/** What the nudge run decided for one learner, claimed in one transaction. */
export interface NudgeClaim {
  userId: number;
  userUuid: string;
  username: string;
  email: string | null;
  decision: Exclude<NudgeDecision, 'failed'>;
  /** Null when an account gate decided before anything was counted. */
  reviewsWaiting: number | null;
  oldestWaitingAt: number | null;
  previousNudgedAt: number | null;
  claimedAt: number;
}

/** Only one nudge run at a time per database; null when another one holds it. */
export function withNudgeRunLock<T>(deps: Deps, work: () => Promise<T>): Promise<T | null> {
  return withRunLock(deps.db, 'nudge_tick', work);
}

/** A page of all learners, by id. */
export function nudgeCandidates(deps: Deps, afterUserId: number, limit: number): Promise<number[]> {
  return userIdsAfter(deps.db.kysely, afterUserId, limit);
}

async function decideNudge(trx: Trx, userId: number, options: { record: boolean; now: number }): Promise<NudgeClaim | null> {
  const { now } = options;
  const user = await findUserById(trx, userId);
  if (!user) return null;
  const zone = effectiveZone(user.timezone);
  const base = {
    userId,
    userUuid: user.uuid,
    username: user.username,
    email: user.email,
    previousNudgedAt: user.lastNudgedAt,
    claimedAt: now,
  };
  const account = {
    hasEmail: user.email !== null && user.email.trim() !== '',
    unsubscribed: user.nudgesUnsubscribedAt !== null,
    onVacation: user.vacationStartedAt !== null,
    lastNudgedAt: user.lastNudgedAt,
  };
  const gate = nudgeAccountGate(account, now, zone);
  if (gate !== null) return { ...base, decision: gate, reviewsWaiting: null, oldestWaitingAt: null };

  const window = nudgeIdleWindow(now, zone);
  const [studied, due, oldest] = await Promise.all([
    activityBetween(trx, userId, window.from, window.to),
    reviewSubjectIdsDue(trx, userId, now),
    earliestReviewAt(trx, userId),
  ]);
  const oldestWaitingAt = due.length > 0 ? oldest : null;
  const decision = nudgeBacklogGate(
    { studiedInIdleWindow: studied.reviews + studied.lessons > 0, reviewsWaiting: due.length, oldestWaitingAt },
    now,
  );
  if (decision === 'sent' && options.record) await updateUser(trx, userId, { lastNudgedAt: now }, null);
  return { ...base, decision, reviewsWaiting: due.length, oldestWaitingAt };
}

/**
 * Decides a page of learners by the gates of docs/decisions.md, Nudge emails, under their user locks. A `sent` decision is
 * claimed (last_nudged_at set) in the same transaction unless `record` is false, so a second run
 * never mails twice; a failed send gives the claim back (releaseNudge). Null for a user who no
 * longer exists.
 */
export function claimNudges(
  deps: Deps,
  userIds: readonly number[],
  options: { record: boolean; now: number },
): Promise<(NudgeClaim | null)[]> {
  return decideLocked(deps, userIds, (trx, userId) => decideNudge(trx, userId, options));
}

/** Gives a claim back after its email could not be sent, unless a newer run claimed meanwhile. */
export async function releaseNudge(deps: Deps, claim: NudgeClaim): Promise<void> {
  await restoreLastNudgedAt(deps.db.kysely, claim.userId, claim.claimedAt, claim.previousNudgedAt);
}
