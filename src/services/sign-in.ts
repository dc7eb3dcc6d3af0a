import {
  consumeLoginLink,
  insertLoginLink,
  insertSession,
  revokeSessionByHash,
  ownerByApiTokenHash,
} from '../db/repositories/credentials.js';
import { findUserById } from '../db/repositories/users.js';
import { inTransaction, type Executor } from '../db/transaction.js';
import { ok, type Result } from '../shared/result.js';
import { DAY_MS, MINUTE_MS } from '../shared/time.js';
import { canonicalApiToken, hashToken, newSessionToken } from '../shared/tokens.js';
import { activeAccount } from './accounts.js';
import type { Deps } from './deps.js';

/** How long a printed sign-in link works (it works once). */
export const LOGIN_LINK_TTL_MS = 15 * MINUTE_MS;

export interface BrowserSession {
  /** The raw session token: it goes into the svc_session cookie and nowhere else. */
  token: string;
  expiresAt: number;
  userUuid: string;
}

/** Opens a browser session for the learner a credential named; null when the account is disabled. */
async function openSession(deps: Deps, trx: Executor, userId: number, now: number): Promise<BrowserSession | null> {
  const user = await findUserById(trx, userId);
  if (!user) throw new Error('the credential names no user');
  if (user.disabledAt !== null) return null;
  const token = newSessionToken();
  const expiresAt = now + deps.config.sessionTtlDays * DAY_MS;
  await insertSession(trx, { userId, hash: hashToken(token), expiresAt, now });
  return { token, expiresAt, userUuid: user.uuid };
}

/** Mints a one-time sign-in link token for a learner; only its hash is stored. */
export async function mintLoginLink(deps: Deps, username: string): Promise<Result<{ token: string; expiresAt: number }>> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const account = await activeAccount(trx, username);
    if (!account.ok) return account;
    const token = newSessionToken();
    const expiresAt = now + LOGIN_LINK_TTL_MS;
    await insertLoginLink(trx, { userId: account.value.id, hash: hashToken(token), expiresAt, now });
    return ok({ token, expiresAt });
  });
}

/** Redeems a sign-in link: the link is spent and a browser session opened in one transaction; null for an unknown, used or expired link. */
export async function redeemLoginLink(deps: Deps, token: string): Promise<BrowserSession | null> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const userId = await consumeLoginLink(trx, hashToken(token), now);
    return userId === undefined ? null : openSession(deps, trx, userId, now);
  });
}

/** Exchanges a pasted API token for a browser session, so the page never has to keep the token; null for a token that does not authenticate. */
export async function exchangeApiToken(deps: Deps, apiToken: string): Promise<BrowserSession | null> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const userId = (await ownerByApiTokenHash(trx, hashToken(canonicalApiToken(apiToken)), now))?.userId;
    return userId === undefined ? null : openSession(deps, trx, userId, now);
  });
}

/** Sign-out: revokes the browser's session; how many were revoked (0 when already gone). */
export async function endSession(deps: Deps, sessionToken: string): Promise<number> {
  return inTransaction(deps.db, (trx) => revokeSessionByHash(trx, hashToken(sessionToken), deps.clock.now()));
}
