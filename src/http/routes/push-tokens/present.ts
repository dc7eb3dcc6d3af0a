import type { Static } from 'typebox';
import type { PushTokenRecord } from '../../../domain/model/push.js';
import { toIso } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import type { PushTokenReport } from './schema.js';

export const PUSH_TOKENS_PATH = '/push_tokens';

export function presentPushToken(urls: Urls, t: PushTokenRecord): Static<typeof PushTokenReport> {
  return report(urls, PUSH_TOKENS_PATH, 'push_token', t.updatedAt, {
    token: t.token,
    platform: t.platform,
    registered_at: toIso(t.registeredAt),
  });
}
