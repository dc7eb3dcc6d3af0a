import { createHash, hash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * Credentials are stored only as their sha-256. Every authenticated request hashes its credential:
 * the one-shot `hash` does it in about half the time of a Hash object.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** API tokens are random v4 UUIDs: some reference clients validate the key's shape (see docs/decisions.md, Credential forms). */
export function newApiToken(): string {
  return randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The spelling an API token is stored under: UUIDs are case-insensitive (clients and people copy
 * them in upper case), and are minted in lower case. Anything else is kept as given.
 */
export function canonicalApiToken(token: string): string {
  return UUID.test(token) ? token.toLowerCase() : token;
}

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison of two secrets of any length. */
export function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
