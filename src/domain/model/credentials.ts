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

/**
 * A credential checked by the statement that reads for its owner, as a route that `checksCredential`
 * may have it (one round trip, not two): the statement reads for whoever the credential names.
 */
export interface CredentialInRead {
  readonly hashes: CredentialHashes;
  readonly now: number;
  /** The error answered when the credential does not pass. */
  refused(): Error;
  /** Takes the owner found; false when what the caller holds is not that owner's (then it is not used). */
  accept(owner: CredentialOwner): boolean;
}
