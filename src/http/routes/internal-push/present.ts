import type { Static } from 'typebox';
import type { PushRunReport } from '../../../jobs/push-tick.js';
import { presentTick } from '../../tick-reports.js';
import type { PushRunData } from './schema.js';

function pushRunData(run: PushRunReport): Static<typeof PushRunData> {
  return {
    dry_run: run.dryRun,
    users: run.users.map((u) => ({
      user_id: u.userUuid,
      decision: u.decision,
      devices: u.devices,
      reviews: u.reviews,
      lessons: u.lessons,
      baseline: u.baseline,
    })),
  };
}

export function presentPushRun(url: string, run: PushRunReport) {
  return presentTick(url, run, pushRunData(run));
}
