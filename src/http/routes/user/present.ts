import type { Static } from 'typebox';
import { presentPreferences } from '../../../domain/preferences.js';
import type { UserView } from '../../../services/user.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import type { UserReport } from './schema.js';

/** The highest level every account is granted: subscriptions exist for compatibility only. */
export const MAX_LEVEL_GRANTED = 60;

/** The learner's page on the web app, which serves it (see docs/decisions.md, User). */
export function profileUrl(webAppUrl: string, username: string): string {
  return `${webAppUrl}/users/${encodeURIComponent(username)}`;
}

export function presentUser(urls: Urls, webAppUrl: string, { user, level, voiceActorIds, updatedAt }: UserView): Static<typeof UserReport> {
  return report(urls, '/user', 'user', updatedAt, {
    id: user.uuid,
    username: user.username,
    level,
    profile_url: profileUrl(webAppUrl, user.username),
    started_at: toIso(user.startedAt),
    current_vacation_started_at: toIsoOrNull(user.vacationStartedAt),
    timezone: user.timezone,
    subscription: { type: 'lifetime', active: true, period_ends_at: null, max_level_granted: MAX_LEVEL_GRANTED },
    preferences: presentPreferences(user.storedPreferences, voiceActorIds),
  });
}
