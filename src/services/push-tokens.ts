import { isPushToken, PUSH_TOKEN_MAX_CHARS, PUSH_TOKENS_MAX_ACTIVE, type PushPlatform } from '../domain/notifications.js';
import { deletePushToken, retireOldestPushTokens, upsertPushToken } from '../db/repositories/push-tokens.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import { ok, unprocessable, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { PushTokenRecord } from '../domain/model/push.js';

const NOT_A_PUSH_TOKEN = `token must be a push token of the form ExponentPushToken[...] or ExpoPushToken[...] (at most ${PUSH_TOKEN_MAX_CHARS} characters).`;

/**
 * POST /push_tokens: upserts on the token; a revoked token is armed again. An account keeps at most
 * PUSH_TOKENS_MAX_ACTIVE active tokens: the oldest registrations beyond it are retired.
 */
export async function registerPushToken(
  deps: Deps,
  userId: number,
  input: { token: string; platform?: PushPlatform | undefined },
): Promise<Result<PushTokenRecord>> {
  if (!isPushToken(input.token)) return unprocessable(NOT_A_PUSH_TOKEN);
  // A token's updated_at is compared with push tickets' claim times (see push-receipts.ts), so it
  // is the clock's reading rather than a change stamp: tokens are never synced by updated_after.
  return inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx, now }) => {
    const registered = await upsertPushToken(trx, userId, input.token, input.platform ?? null, now);
    await retireOldestPushTokens(trx, userId, input.token, PUSH_TOKENS_MAX_ACTIVE, now);
    return ok(registered);
  });
}

/** DELETE /push_tokens: removes the caller's own token; a second call removes nothing. */
export async function removePushToken(deps: Deps, userId: number, token: string): Promise<Result<number>> {
  if (!isPushToken(token)) return unprocessable(NOT_A_PUSH_TOKEN);
  return inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx }) => ok(await deletePushToken(trx, userId, token)));
}
