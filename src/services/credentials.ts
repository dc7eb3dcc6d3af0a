import { findUserById, findUserByUsername } from '../db/repositories/users.js';
import {
  apiTokenExists,
  insertApiToken,
  insertSession,
  listApiTokens,
  revokeApiToken,
  revokeSessionByHash,
  ownerByApiTokenHash,
  ownerBySessionHash,
  ownerByHashNow,
} from '../db/repositories/credentials.js';
import { sqliteReadNow, sqliteWriterReadNow, type SqliteStatements } from '../db/sqlite-driver.js';
import { inTransaction } from '../db/transaction.js';
import { isUniqueViolation } from '../db/errors.js';
import { ok, unprocessable, type Result } from '../shared/result.js';
import { DAY_MS } from '../shared/time.js';
import { canonicalApiToken, hashToken, newApiToken, newSessionToken } from '../shared/tokens.js';
import { activeAccount, createAccountIn, validateAccount } from './accounts.js';
import type { Deps } from './deps.js';
import type { ApiTokenRecord, CredentialHashes, CredentialOwner, PresentedCredential } from '../domain/model/credentials.js';

export interface MintedToken {
  id: number;
  token: string;
}

/** Mints an API token for a user; the raw token is returned once and only its hash is stored. */
export async function mintApiToken(
  deps: Deps,
  username: string,
  options: { expiresAt?: number | null; label?: string | null } = {},
): Promise<Result<MintedToken>> {
  const now = deps.clock.now();
  if (options.expiresAt != null && options.expiresAt <= now) return unprocessable('--expires-at must be in the future.');
  return inTransaction(deps.db, async (trx) => {
    const account = await activeAccount(trx, username);
    if (!account.ok) return account;
    const token = newApiToken();
    const id = await insertApiToken(trx, {
      userId: account.value.id,
      hash: hashToken(token),
      label: options.label ?? null,
      expiresAt: options.expiresAt ?? null,
      now,
    });
    return ok({ id, token });
  });
}

export async function listTokens(deps: Deps, username: string): Promise<Result<ApiTokenRecord[]>> {
  const user = await findUserByUsername(deps.db.kysely, username);
  if (!user) return unprocessable(`No user named ${username}.`);
  return ok(await listApiTokens(deps.db.kysely, user.id));
}

export async function revokeToken(deps: Deps, tokenId: number): Promise<Result<'revoked' | 'already_revoked'>> {
  return inTransaction(deps.db, async (trx) => {
    if (!(await apiTokenExists(trx, tokenId))) return unprocessable(`No token with id ${tokenId}.`);
    return ok((await revokeApiToken(trx, tokenId, deps.clock.now())) ? 'revoked' : 'already_revoked');
  });
}

/** The hashes `credential` is looked up by (API tokens, UUIDs, match in any letter case; session tokens, base64url, only exactly). */
export function credentialHashes(credential: PresentedCredential): CredentialHashes {
  if ('bearer' in credential) {
    const canonical = canonicalApiToken(credential.bearer);
    const apiToken = hashToken(canonical);
    // A token as minted (lower case) is its own canonical form: one SHA-256 serves both lookups.
    return { apiToken, session: canonical === credential.bearer ? apiToken : hashToken(credential.bearer) };
  }
  return { apiToken: null, session: hashToken(credential.sessionCookie) };
}

/**
 * Resolves a presented credential to its learner: API tokens and sessions work as bearers, the
 * cookie holds a session.
 */
export async function authenticate(deps: Deps, credential: PresentedCredential): Promise<CredentialOwner | null> {
  const now = deps.clock.now();
  const db = deps.db.kysely;
  const hashes = credentialHashes(credential);
  const apiToken = hashes.apiToken === null ? undefined : await ownerByApiTokenHash(db, hashes.apiToken, now);
  return apiToken ?? (await ownerBySessionHash(db, hashes.session, now)) ?? null;
}

/**
 * authenticate answered at once, on SQLite when its read connection can answer without waiting
 * (sqliteReadNow): the same statements, with no promise between them. Undefined when it cannot
 * (then authenticate), and always on PostgreSQL.
 */
export function authenticateNow(deps: Deps, credential: PresentedCredential): CredentialOwner | null | undefined {
  return sqliteReadNow(deps.db.kysely.getExecutor().adapter, ownerNow(deps, credential));
}

/**
 * authenticate for a write that follows at once on SQLite's writing connection (POST /reviews): the
 * credential read there too when the writer is free (sqliteWriterReadNow), on its warm page cache,
 * else as authenticate reads it. On PostgreSQL, authenticate.
 */
export async function authenticateBeforeWrite(deps: Deps, credential: PresentedCredential): Promise<CredentialOwner | null> {
  const known = sqliteWriterReadNow(deps.db.kysely.getExecutor().adapter, ownerNow(deps, credential));
  return known === undefined ? authenticate(deps, credential) : known;
}

/** authenticate's statements, run at once with `statements`. */
function ownerNow(deps: Deps, credential: PresentedCredential): (statements: SqliteStatements) => CredentialOwner | null {
  const db = deps.db.kysely;
  return (statements) => {
    const now = deps.clock.now();
    const hashes = credentialHashes(credential);
    const apiToken = hashes.apiToken === null ? undefined : ownerByHashNow(db, statements, 'api_tokens', hashes.apiToken, now);
    return apiToken ?? ownerByHashNow(db, statements, 'sessions', hashes.session, now) ?? null;
  };
}

export interface MintedSession {
  token: string;
  userUuid: string;
  expiresAt: number;
}

/** Mints a portal session, creating the user (in the state of docs/decisions.md, New account) when the portal names a new one. */
export async function mintSession(deps: Deps, portalUser: { username: string; email?: string | null }): Promise<Result<MintedSession>> {
  const valid = validateAccount(portalUser);
  if (!valid.ok) return valid;
  const now = deps.clock.now();
  const expiresAt = now + deps.config.sessionTtlDays * DAY_MS;
  const token = newSessionToken();
  const attempt = () =>
    inTransaction(deps.db, async (trx): Promise<Result<MintedSession>> => {
      let user = await findUserByUsername(trx, portalUser.username);
      if (!user) {
        const created = await createAccountIn(trx, portalUser, null, now);
        if (!created.ok) return created;
        user = await findUserById(trx, created.value.id);
      }
      if (!user) throw new Error('user vanished inside its own transaction');
      if (user.disabledAt !== null) return unprocessable(`The account ${user.username} is disabled.`);
      await insertSession(trx, { userId: user.id, hash: hashToken(token), expiresAt, now });
      return ok({ token, userUuid: user.uuid, expiresAt });
    });
  try {
    return await attempt();
  } catch (error) {
    // Two first logins of one new portal user at once: the second finds the account on a retry.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

export async function revokeSession(deps: Deps, token: string): Promise<number> {
  return inTransaction(deps.db, (trx) => revokeSessionByHash(trx, hashToken(token), deps.clock.now()));
}
