import type { Static } from 'typebox';
import { toIso } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import type { SessionReport, SignOutReport } from './schema.js';

export function presentSession(urls: Urls, userUuid: string, expiresAt: number, now: number): Static<typeof SessionReport> {
  return report(urls, '/session', 'session', now, { user_id: userUuid, expires_at: toIso(expiresAt) });
}

export function presentSignOut(urls: Urls, revoked: number, now: number): Static<typeof SignOutReport> {
  return report(urls, '/session', 'session', now, { revoked });
}
