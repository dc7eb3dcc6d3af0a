import { isPushToken, PUSH_TOKEN_MAX_CHARS, type PushPlatform } from '../domain/notifications.js';
import { deletePushToken, upsertPushToken } from '../db/repositories/push-tokens.js';
import { inTransaction, lockUser } from '../db/transaction.js';
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
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    await lockUser(deps.db, trx, userId);
    return ok(await upsertPushToken(trx, userId, input.token, input.platform ?? null, now));
  });
}

/** DELETE /push_tokens: removes the caller's own token; a second call removes nothing. */
export async function removePushToken(deps: Deps, userId: number, token: string): Promise<Result<number>> {
  if (!isPushToken(token)) return unprocessable(NOT_A_PUSH_TOKEN);
  return inTransaction(deps.db, async (trx) => {
    await lockUser(deps.db, trx, userId);
    return ok(await deletePushToken(trx, userId, token));
  });
}
