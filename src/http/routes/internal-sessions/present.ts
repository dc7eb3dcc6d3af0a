import type { Static } from 'typebox';
import type { MintedSession } from '../../../services/credentials.js';
import { toIso } from '../../../shared/time.js';
import type { SessionBody } from './schema.js';

export function presentSession(session: MintedSession): Static<typeof SessionBody> {
  return { object: 'session', data: { token: session.token, user_id: session.userUuid, expires_at: toIso(session.expiresAt) } };
}
