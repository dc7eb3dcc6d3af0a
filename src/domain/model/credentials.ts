/** API tokens as listed to their owner (never the token itself). */

export interface ApiTokenRecord {
  id: number;
  label: string | null;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
}

/** How many live credentials of each kind disabling an account revoked. */
export interface RevokedCredentials {
  apiTokens: number;
  sessions: number;
  loginLinks: number;
  pushTokens: number;
}

/**
 * The learner a credential belongs to, with what their synced pages are a function of: the
 * account's uuid (ids can be reused after a deletion on SQLite; uuids never), its change stamp
 * (moved by every write of its rows) and the content version (moved by every write of subjects).
 */
export interface CredentialOwner {
  userId: number;
  uuid: string;
  changeStamp: number;
  contentVersion: number;
}

/** What a request presents to be recognised: a bearer (an API token or a session token) or the session cookie. */
export type PresentedCredential = { bearer: string } | { sessionCookie: string };

/**
 * The hashes a presented credential is looked up by: an API token's (null for a cookie, which only
 * ever holds a session) and a session's. A bearer is looked up as an API token first.
 */
export interface CredentialHashes {
  apiToken: string | null;
  session: string;
}
