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
