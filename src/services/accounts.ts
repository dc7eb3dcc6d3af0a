import { randomUUID } from 'node:crypto';
import { canonicalZoneName } from '../domain/calendar/zones.js';
import { isUniqueViolation } from '../db/errors.js';
import { findUserByUsername, insertUser } from '../db/repositories/users.js';
import { inTransaction, type Trx } from '../db/transaction.js';
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
