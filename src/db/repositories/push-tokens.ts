import { sql } from 'kysely';
import type { Executor } from '../transaction.js';
import type { PushTokenRecord } from '../../domain/model/push.js';
import type { PushPlatform } from '../../domain/notifications.js';

/**
 * Registers a token for the user. The token is unique across accounts: a device that signs in to
 * another account moves to it. A repeat keeps `registered_at`; a re-arm (the token was revoked) or
 * a move starts it again. An omitted platform keeps the stored one.
 */
export async function upsertPushToken(
  db: Executor,
  userId: number,
  token: string,
  platform: PushPlatform | null,
  now: number,
): Promise<PushTokenRecord> {
  const row = await db
    .insertInto('push_tokens')
    .values({ user_id: userId, token, platform, registered_at: now, revoked_at: null, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('token').doUpdateSet((eb) => ({
        registered_at: sql<number>`case when ${eb.ref('push_tokens.revoked_at')} is null and ${eb.ref('push_tokens.user_id')} = ${userId} then ${eb.ref('push_tokens.registered_at')} else ${now} end`,
        user_id: userId,
        platform: sql<string | null>`coalesce(${platform}, ${eb.ref('push_tokens.platform')})`,
        revoked_at: null,
        updated_at: now,
      })),
    )
    .returning(['token', 'platform', 'registered_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  // Only validated platforms are ever written.
  return { token: row.token, platform: row.platform as PushPlatform | null, registeredAt: row.registered_at, updatedAt: row.updated_at };
}

/** Removes the user's own token; another account's token of the same value is never touched. */
export async function deletePushToken(db: Executor, userId: number, token: string): Promise<number> {
  const result = await db.deleteFrom('push_tokens').where('user_id', '=', userId).where('token', '=', token).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's tokens not revoked, oldest first. */
export async function activePushTokens(db: Executor, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('push_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.token);
}

/**
 * Retires (marks revoked, as the provider's DeviceNotRegistered does) the user's active tokens
 * beyond `keep`: `current` and the most recently registered others. A later registration re-arms
 * one. Returns how many were retired.
 */
export async function retireOldestPushTokens(db: Executor, userId: number, current: string, keep: number, at: number): Promise<number> {
  const kept = db
    .selectFrom('push_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('token', '!=', current)
    .orderBy('registered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep - 1);
  const result = await db
    .updateTable('push_tokens')
    .set({ revoked_at: at, updated_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('token', '!=', current)
    .where('id', 'not in', kept)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A page of the users that ever registered a token (revoked ones included), by id. */
export async function userIdsWithPushTokens(db: Executor, afterUserId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('push_tokens')
    .select('user_id')
    .distinct()
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Marks tokens the provider no longer knows as revoked (kept, so a later registration re-arms
 * them). A token registered again after `unchangedSince` was re-armed meanwhile and stays.
 */
export async function revokePushTokens(db: Executor, tokens: readonly string[], at: number, unchangedSince: number): Promise<number> {
  if (tokens.length === 0) return 0;
  const result = await db
    .updateTable('push_tokens')
    .set({ revoked_at: at, updated_at: at })
    .where('token', 'in', tokens)
    .where('revoked_at', 'is', null)
    .where('updated_at', '<=', unchangedSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
