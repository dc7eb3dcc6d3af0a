import { isPushToken, PUSH_TOKEN_MAX_CHARS, type PushPlatform } from '../domain/notifications.js';
import { deletePushToken, upsertPushToken } from '../db/repositories/push-tokens.js';
import { inLearnerTransaction } from '../db/transaction.js';
import { ok, unprocessable, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { PushTokenRecord } from '../domain/model/push.js';

const NOT_A_PUSH_TOKEN = `token must be a push token of the form ExponentPushToken[...] or ExpoPushToken[...] (at most ${PUSH_TOKEN_MAX_CHARS} characters).`;

/** POST /push_tokens: upserts on the token; a revoked token is armed again. */
export async function registerPushToken(
  deps: Deps,
  userId: number,
  input: { token: string; platform?: PushPlatform | undefined },
): Promise<Result<PushTokenRecord>> {
  if (!isPushToken(input.token)) return unprocessable(NOT_A_PUSH_TOKEN);
  // A token's updated_at is compared with push tickets' claim times (see push-receipts.ts), so it
  // is the clock's reading rather than a change stamp: tokens are never synced by updated_after.
  return inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx, now }) =>
    ok(await upsertPushToken(trx, userId, input.token, input.platform ?? null, now)),
  );
}

/** DELETE /push_tokens: removes the caller's own token; a second call removes nothing. */
export async function removePushToken(deps: Deps, userId: number, token: string): Promise<Result<number>> {
  if (!isPushToken(token)) return unprocessable(NOT_A_PUSH_TOKEN);
  return inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx }) => ok(await deletePushToken(trx, userId, token)));
}
