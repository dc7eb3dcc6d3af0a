import type { Static } from 'typebox';
import { CONTENT_ATTRIBUTION } from '../../../content/attribution.js';
import { report, type Urls } from '../../envelopes.js';
import { COMPAT_REVISION } from '../../plugins/headers.js';
import type { AboutReport } from './schema.js';

export function presentAbout(urls: Urls): Static<typeof AboutReport> {
  return report(urls, '/about', 'report', null, {
    service: 'study-service',
    compat_revision: COMPAT_REVISION,
    content: CONTENT_ATTRIBUTION,
  });
}
