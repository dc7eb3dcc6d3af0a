import { createHmac } from 'node:crypto';
import { userIdByUuid } from '../db/repositories/notifications.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import { secretsEqual } from '../shared/tokens.js';
import type { Deps } from './deps.js';

/**
 * The token of an unsubscribe link (see docs/decisions.md, Nudge emails): the user's uuid and the HMAC-SHA256 of it under
 * UNSUBSCRIBE_SECRET, so the link names its account and cannot be forged for another.
 */
export function unsubscribeToken(secret: string, userUuid: string): string {
  return `${userUuid}.${createHmac('sha256', secret).update(userUuid, 'utf8').digest('base64url')}`;
}

/** The uuid a token vouches for, or null when it is malformed or not signed with the secret. */
function verifiedUuid(secret: string, token: string): string | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const uuid = token.slice(0, dot);
  return secretsEqual(token, unsubscribeToken(secret, uuid)) ? uuid : null;
}

/**
 * POST /unsubscribe: turns nudge emails off for the account the token names. Idempotent: the first
 * time is kept. Null (401 at the edge) without a secret configured, for a bad token, or for a
 * token of an account that no longer exists.
 */
export async function unsubscribe(deps: Deps, token: string): Promise<{ unsubscribedAt: number } | null> {
  const secret = deps.config.unsubscribeSecret;
  const uuid = secret === null ? null : verifiedUuid(secret, token);
  if (uuid === null) return null;
  const userId = await userIdByUuid(deps.db.kysely, uuid);
  if (userId === undefined) return null;
  return inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx, now }) => {
    const user = await findUserById(trx, userId);
    if (!user) return null;
    if (user.nudgesUnsubscribedAt !== null) return { unsubscribedAt: user.nudgesUnsubscribedAt };
    await updateUser(trx, userId, { nudgesUnsubscribedAt: now }, null);
    return { unsubscribedAt: now };
  });
}
