import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import type { SqliteStatements } from '../sqlite-driver.js';
import type { ApiTokenRecord, CredentialHashes, CredentialOwner, RevokedCredentials } from '../../domain/model/credentials.js';

/**
 * API tokens and sessions are looked up by credential hash before the user is known: they are the
 * directory a sharded deployment would route by, so these lookups are not filtered by user. They
 * join the account so that a disabled one never authenticates, whatever credential it still holds.
 */

export async function insertApiToken(
  db: Executor,
  token: { userId: number; hash: string; label: string | null; expiresAt: number | null; now: number },
): Promise<number> {
  const row = await db
    .insertInto('api_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.hash,
      label: token.label,
      expires_at: token.expiresAt,
      created_at: token.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function listApiTokens(db: Executor, userId: number): Promise<ApiTokenRecord[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'label', 'created_at', 'expires_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, label: r.label, createdAt: r.created_at, expiresAt: r.expires_at, revokedAt: r.revoked_at }));
}

/** Revokes a token by id; returns false when no such live token exists. */
export async function revokeApiToken(db: Executor, tokenId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function apiTokenExists(db: Executor, tokenId: number): Promise<boolean> {
  return (await db.selectFrom('api_tokens').select('id').where('id', '=', tokenId).executeTakeFirst()) !== undefined;
}

/** The credentials of `table` with `hash`, live at `now`, joined with their account if it is enabled. */
function liveCredentials(db: Executor, table: 'api_tokens' | 'sessions', hash: string | null, now: number) {
  return db
    .selectFrom(table)
    .innerJoin('users', 'users.id', `${table}.user_id`)
    .where('users.disabled_at', 'is', null)
    .where(`${table}.token_hash`, '=', hash)
    .where(`${table}.revoked_at`, 'is', null)
    .where((eb) =>
      // A session always has an expiry; an API token may have none.
      table === 'sessions'
        ? eb(`${table}.expires_at`, '>', now)
        : eb.or([eb(`${table}.expires_at`, 'is', null), eb(`${table}.expires_at`, '>', now)]),
    );
}

/** The content version, as a column of a statement that reads a learner with their credential. */
export function contentVersionColumn(db: Executor) {
  return db.selectFrom('content_version').select('version').where('id', '=', 1).as('content_version');
}

/**
 * What a request learns with its credential: the account, and what a learner's synced pages are a
 * function of (the account's uuid, which no later account repeats, its change stamp and the
 * content version), read in the same statement so that a page memo needs no round trip of its own.
 */
function credentialOwner(db: Executor, table: 'api_tokens' | 'sessions', hash: string, now: number) {
  return liveCredentials(db, table, hash, now)
    .select(['users.id as user_id', 'users.uuid', 'users.change_stamp'])
    .select(contentVersionColumn(db));
}

/**
 * The id of the account `hashes` name at `now`, as one expression (null when none): the API token's,
 * else the session's, in authenticate's order (services/credentials.ts). A statement of a use case
 * that starts with it checks the credential without a round trip of its own.
 */
export function credentialUserId(db: Executor, hashes: Slots<CredentialHashes>, now: number) {
  return db.fn.coalesce(
    liveCredentials(db, 'api_tokens', hashes.apiToken, now).select('users.id'),
    liveCredentials(db, 'sessions', hashes.session, now).select('users.id'),
  );
}

function ownerOf(
  row: { user_id: number; uuid: string; change_stamp: number; content_version: number | null } | undefined,
): CredentialOwner | undefined {
  return row && { userId: row.user_id, uuid: row.uuid, changeStamp: row.change_stamp, contentVersion: row.content_version ?? 0 };
}

const apiTokenOwner = compiledOnce((db, { hash, now }: Slots<{ hash: string; now: number }>) =>
  credentialOwner(db, 'api_tokens', hash, now),
);

const sessionOwner = compiledOnce((db, { hash, now }: Slots<{ hash: string; now: number }>) => credentialOwner(db, 'sessions', hash, now));

/** ownerByApiTokenHash and ownerBySessionHash run at once on SQLite (sqliteReadNow's work); `db` is their database. */
export function ownerByHashNow(
  db: Executor,
  statements: SqliteStatements,
  table: 'api_tokens' | 'sessions',
  hash: string,
  now: number,
): CredentialOwner | undefined {
  return ownerOf((table === 'api_tokens' ? apiTokenOwner : sessionOwner).now(db, statements, { hash, now }).rows[0]);
}

export async function ownerByApiTokenHash(db: Executor, hash: string, now: number): Promise<CredentialOwner | undefined> {
  // Every authenticated request runs this statement: it is compiled once.
  return ownerOf((await apiTokenOwner(db, { hash, now })).rows[0]);
}

export async function insertSession(
  db: Executor,
  session: { userId: number; hash: string; expiresAt: number; now: number },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ user_id: session.userId, token_hash: session.hash, expires_at: session.expiresAt, created_at: session.now })
    .execute();
}

export async function ownerBySessionHash(db: Executor, hash: string, now: number): Promise<CredentialOwner | undefined> {
  return ownerOf((await sessionOwner(db, { hash, now })).rows[0]);
}

/** Revokes a live session; returns how many were revoked (0 when already gone). */
export async function revokeSessionByHash(db: Executor, hash: string, now: number): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertLoginLink(db: Executor, link: { userId: number; hash: string; expiresAt: number; now: number }): Promise<void> {
  await db
    .insertInto('login_links')
    .values({ user_id: link.userId, token_hash: link.hash, expires_at: link.expiresAt, created_at: link.now })
    .execute();
}

/**
 * Marks a live, unused link used and returns its learner; undefined when the link is unknown,
 * used or expired. The conditional update is the single-use guarantee under concurrent clicks.
 */
export async function consumeLoginLink(db: Executor, hash: string, now: number): Promise<number | undefined> {
  const row = await db
    .updateTable('login_links')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/**
 * Revokes every live credential of a learner: API tokens and sessions are marked revoked, unused
 * sign-in links spent, push tokens retired (no more notifications to its devices). Rows are kept.
 */
export async function revokeAllCredentials(db: Executor, userId: number, now: number): Promise<RevokedCredentials> {
  const apiTokens = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  const sessions = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const loginLinks = await db
    .updateTable('login_links')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  const pushTokens = await db
    .updateTable('push_tokens')
    .set({ revoked_at: now, updated_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return {
    apiTokens: Number(apiTokens.numUpdatedRows),
    sessions: Number(sessions.numUpdatedRows),
    loginLinks: Number(loginLinks.numUpdatedRows),
    pushTokens: Number(pushTokens.numUpdatedRows),
  };
}
