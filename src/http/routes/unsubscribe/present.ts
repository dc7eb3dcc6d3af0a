import type { Static } from 'typebox';
import { toIso } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import type { UnsubscribeReport } from './schema.js';

export function presentUnsubscribed(urls: Urls, unsubscribedAt: number): Static<typeof UnsubscribeReport> {
  return report(urls, '/unsubscribe', 'unsubscribe', unsubscribedAt, { unsubscribed: true, unsubscribed_at: toIso(unsubscribedAt) });
}
