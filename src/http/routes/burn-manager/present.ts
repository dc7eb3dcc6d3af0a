import type { Static } from 'typebox';
import type { BurnReport } from '../../../services/burn-manager.js';
import { report, type Urls } from '../../envelopes.js';
import type { BurnManagerReport } from './schema.js';

export function presentBurnReport(urls: Urls, result: BurnReport): Static<typeof BurnManagerReport> {
  return report(urls, '/burn_manager', 'report', result.at, {
    action: result.action,
    changed: result.changed,
    skipped: result.skipped.map((s) => ({ subject_id: s.subjectId, reason: s.reason })),
  });
}
