import type { Static } from 'typebox';
import type { NudgeRunReport } from '../../../jobs/nudge-tick.js';
import { toIsoOrNull } from '../../../shared/time.js';
import { presentTick } from '../../tick-reports.js';
import type { NudgeRunData } from './schema.js';

function nudgeRunData(run: NudgeRunReport): Static<typeof NudgeRunData> {
  return {
    mode: run.mode,
    dry_run: run.mode !== 'send',
    users: run.users.map((u) => ({
      user_id: u.userUuid,
      decision: u.decision,
      reviews_waiting: u.reviewsWaiting,
      oldest_waiting_since: toIsoOrNull(u.oldestWaitingAt),
    })),
  };
}

export function presentNudgeRun(url: string, run: NudgeRunReport) {
  return presentTick(url, run, nudgeRunData(run));
}
