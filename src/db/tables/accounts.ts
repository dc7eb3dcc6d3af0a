import type { Generated } from 'kysely';

/** Timestamps are epoch milliseconds; booleans are 0/1 integers (one schema for SQLite and PostgreSQL). */
export interface UsersTable {
  id: Generated<number>;
  uuid: string;
  username: string;
  email: string | null;
  timezone: string | null;
  /** Fallback level for an account without level progressions. */
  level: number;
  started_at: number;
  current_vacation_started_at: number | null;
  /** JSON object of stored preference keys (unknown keys kept). */
  preferences: string;
  /** Count of waiting items last announced by push. */
  push_baseline: number;
  last_nudged_at: number | null;
  nudges_unsubscribed_at: number | null;
  created_at: number;
  /** When a field of the /user body last changed. */
  updated_at: number;
  /** The learner's latest change stamp (see db/transaction.ts, inLearnerTransaction). */
  change_stamp: Generated<number>;
  /** When an operator disabled the account (`study-service users disable`); null while it is active. */
  disabled_at: number | null;
  /** The learner's rows of each collection, kept by triggers (migrations/2026-11-28T160000_learner_row_counts.ts). */
  assignments_count: Generated<number>;
  review_statistics_count: Generated<number>;
  study_materials_count: Generated<number>;
}

export interface ApiTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  label: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

/** A one-time sign-in link of the web app: the token's sha-256, usable once until expires_at. */
export interface LoginLinksTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface PushTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  platform: string | null;
  registered_at: number;
  revoked_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A ticket of a message the push provider accepted, until its receipt is read or it is too old to ask. */
export interface PushTicketsTable {
  id: Generated<number>;
  user_id: number;
  push_token_id: number;
  /** The provider's receipt id. */
  ticket_id: string;
  /** When the run that sent it claimed (before the send). */
  created_at: number;
}

/** The stored answer of a write sent with an Idempotency-Key (a JSON result), per learner, for 24 hours. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  result: string;
  created_at: number;
}
