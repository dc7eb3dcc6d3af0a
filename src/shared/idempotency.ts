import { DAY_MS } from './time.js';

/** How long a learner's Idempotency-Key is remembered (see docs/decisions.md, "Idempotency keys"). */
export const IDEMPOTENCY_KEY_TTL_MS = DAY_MS;

/** A write sent with an Idempotency-Key: the key, and what the request was (method, path, body). */
export interface IdempotentRequest {
  readonly key: string;
  /** SHA-256 of the request's method, path and canonical body: a retry must send the same. */
  readonly fingerprint: string;
  /** Set when the answer is the stored one of an earlier request with this key. */
  replayed?: boolean;
}

/** The key was used within its lifetime for a different request: nothing is done (a 422). */
export class IdempotencyKeyReused extends Error {
  constructor() {
    super('Idempotency-Key was already used for a different request (another path or body) in the last 24 hours.');
  }
}
