import { randomUUID } from 'node:crypto';
import { canonicalZoneName } from '../domain/calendar/zones.js';
import { isUniqueViolation } from '../db/errors.js';
import { revokeAllCredentials } from '../db/repositories/credentials.js';
import { findUserByUsername, insertUser, listUsers, setUserDisabled } from '../db/repositories/users.js';
import { inTransaction, type Executor, type Trx } from '../db/transaction.js';
import type { RevokedCredentials } from '../domain/model/credentials.js';
import type { UserRecord } from '../domain/model/users.js';
import { ok, unprocessable, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import { openLevel } from './levels.js';

export interface NewAccount {
  username: string;
  email?: string | null | undefined;
  timezone?: string | null | undefined;
}

export interface CreatedAccount {
  id: number;
  uuid: string;
}

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks what a new account is made of; returns the canonical time zone. */
export function validateAccount(account: NewAccount): Result<string | null> {
  if (!USERNAME.test(account.username)) {
    return unprocessable('username must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  }
  if (account.email != null && !EMAIL.test(account.email)) return unprocessable('email is not a valid address.');
  if (account.timezone == null) return { ok: true, value: null };
  const zone = canonicalZoneName(account.timezone);
  return zone === null
    ? unprocessable(`timezone "${account.timezone}" is not an IANA zone name (for example Asia/Manila).`)
    : { ok: true, value: zone };
}

/**
 * Creates a learner inside the caller's transaction in the state of docs/decisions.md, New account: level 1, its
 * progression, and lessons for the level's component-less subjects.
 */
export async function createAccountIn(
  trx: Trx,
  account: NewAccount,
  timezone: string | null,
  now: number,
): Promise<Result<CreatedAccount>> {
  if (await findUserByUsername(trx, account.username)) return unprocessable(`Username ${account.username} already exists.`);
  const uuid = randomUUID();
  const id = await insertUser(trx, { uuid, username: account.username, email: account.email ?? null, timezone, now });
  // A new account's first stamp is its creation instant (insertUser records it).
  await openLevel(trx, id, 1, now, now);
  return ok({ id, uuid });
}

export async function createAccount(deps: Deps, account: NewAccount): Promise<Result<CreatedAccount>> {
  const zone = validateAccount(account);
  if (!zone.ok) return zone;
  const now = deps.clock.now();
  try {
    return await inTransaction(deps.db, (trx) => createAccountIn(trx, account, zone.value, now));
  } catch (error) {
    // Two creations of one name at once: the unique index decides, the loser is told plainly.
    if (isUniqueViolation(error)) return unprocessable(`Username ${account.username} already exists.`);
    throw error;
  }
}

export async function accountExists(deps: Deps, username: string): Promise<boolean> {
  return (await findUserByUsername(deps.db.kysely, username)) !== undefined;
}

/** The account a new credential is for: refused when there is none or it is disabled. */
export async function activeAccount(db: Executor, username: string): Promise<Result<UserRecord>> {
  const user = await findUserByUsername(db, username);
  if (!user) return unprocessable(`No user named ${username}.`);
  if (user.disabledAt !== null) return unprocessable(`The account ${username} is disabled.`);
  return ok(user);
}

export async function listAccounts(deps: Deps): Promise<UserRecord[]> {
  return listUsers(deps.db.kysely);
}

/**
 * Disables an account (docs/decisions.md, "Disabled accounts"): every live credential is revoked
 * in the same transaction and none authenticates from then on; the learner's data is kept. Disabling
 * a disabled account revokes anything left and keeps the first date.
 */
export async function disableAccount(deps: Deps, username: string): Promise<Result<RevokedCredentials>> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) return unprocessable(`No user named ${username}.`);
    if (user.disabledAt === null) await setUserDisabled(trx, user.id, now);
    return ok(await revokeAllCredentials(trx, user.id, now));
  });
}

/** Lets a disabled account sign in again; its revoked credentials stay revoked (mint new ones). */
export async function enableAccount(deps: Deps, username: string): Promise<Result<'enabled' | 'already_enabled'>> {
  return inTransaction(deps.db, async (trx) => {
    const user = await findUserByUsername(trx, username);
    if (!user) return unprocessable(`No user named ${username}.`);
    if (user.disabledAt === null) return ok('already_enabled');
    await setUserDisabled(trx, user.id, null);
    return ok('enabled');
  });
}
