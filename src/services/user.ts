import { canonicalZoneName } from '../domain/calendar/zones.js';
import { mergePreferences, PREFERENCES_MAX_BYTES, preferencesBytes } from '../domain/preferences.js';
import { highestLevel } from '../db/repositories/level-progressions.js';
import { findUserById, updateUser } from '../db/repositories/users.js';
import { voiceActorCatalogue } from '../db/repositories/catalog.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import { levelOf } from './levels.js';
import type { UserRecord } from '../domain/model/users.js';

export interface UserView {
  user: UserRecord;
  level: number;
  /** The voice actors `default_voice_actor_id` may name (see docs/decisions.md, Voice actors). */
  voiceActorIds: number[];
  /** Newest change to anything in the body (the account, its level progressions, the voice actor catalogue its preference reads). */
  updatedAt: number;
}

async function view(deps: Deps, userId: number): Promise<Result<UserView>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  const top = await highestLevel(db, userId);
  const voiceActors = await voiceActorCatalogue(db);
  return ok({
    user,
    level: levelOf(user, top),
    voiceActorIds: voiceActors.ids,
    updatedAt: Math.max(user.updatedAt, top?.updatedAt ?? 0, voiceActors.updatedAt ?? 0),
  });
}

export function getUser(deps: Deps, userId: number): Promise<Result<UserView>> {
  return view(deps, userId);
}

export interface UserUpdate {
  timezone?: string | null | undefined;
  preferences?: Record<string, unknown> | undefined;
}

export const PREFERENCES_TOO_LARGE = `preferences may take at most ${PREFERENCES_MAX_BYTES} bytes as JSON, unknown keys included; this write would store more. Remove or shorten keys you no longer need.`;

/**
 * A write may not take preferences past the cap; one that shrinks them is always let through, so
 * an account stored larger before the cap existed can still change its settings.
 */
function exceedsPreferencesCap(stored: Record<string, unknown>, merged: Record<string, unknown>): boolean {
  const size = preferencesBytes(merged);
  return size > PREFERENCES_MAX_BYTES && size > preferencesBytes(stored);
}

/** PUT /user: a valid IANA zone (or null), and preferences merged key by key (values never rejected). */
export async function updateUserSettings(deps: Deps, userId: number, update: UserUpdate): Promise<Result<UserView>> {
  let timezone: string | null | undefined;
  if (update.timezone !== undefined) {
    timezone = update.timezone === null ? null : canonicalZoneName(update.timezone);
    if (update.timezone !== null && timezone === null) {
      return unprocessable(`timezone "${update.timezone}" is not an IANA zone name (for example Asia/Manila).`);
    }
  }
  const updated = await inLearnerTransaction(deps.db, deps.clock, userId, async ({ trx, stamp }): Promise<Result<true>> => {
    const user = await findUserById(trx, userId);
    if (!user) return notFound();
    const preferences =
      update.preferences === undefined
        ? undefined
        : mergePreferences(user.storedPreferences, update.preferences, (await voiceActorCatalogue(trx)).ids);
    if (preferences !== undefined && exceedsPreferencesCap(user.storedPreferences, preferences))
      return unprocessable(PREFERENCES_TOO_LARGE);
    // Only a real change moves updated_at, so an idempotent PUT keeps clients' caches valid.
    const changed =
      (timezone !== undefined && timezone !== user.timezone) ||
      (preferences !== undefined && JSON.stringify(preferences) !== JSON.stringify(user.storedPreferences));
    if (changed) {
      await updateUser(
        trx,
        userId,
        { ...(timezone !== undefined ? { timezone } : {}), ...(preferences !== undefined ? { storedPreferences: preferences } : {}) },
        stamp(),
      );
    }
    return ok(true);
  });
  return updated.ok ? view(deps, userId) : updated;
}
