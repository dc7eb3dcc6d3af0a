import type { Static } from 'typebox';
import type { VacationView } from '../../../services/vacation.js';
import { toIsoOrNull } from '../../../shared/time.js';
import { report, type Urls } from '../../envelopes.js';
import type { VacationData, VacationReport } from './schema.js';

export function presentVacation(v: VacationView): Static<typeof VacationData> {
  return { started_at: toIsoOrNull(v.startedAt), days_away: v.daysAway };
}

export function vacationReport(urls: Urls, view: VacationView): Static<typeof VacationReport> {
  return report(urls, '/vacation', 'report', view.updatedAt, presentVacation(view));
}
