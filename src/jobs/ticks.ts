import type { Metrics } from '../metrics/index.js';
import type { Deps } from '../services/deps.js';
import type { TickLog } from './log.js';
import { runNudgeTick } from './nudge-tick.js';
import { runPushTick } from './push-tick.js';
import { nextDailyAt, nextHour, startScheduler, type Scheduler } from './scheduler.js';
import { mailTransportFrom } from './transports/mail.js';
import { pushTransportFrom } from './transports/push.js';

/** The daily nudge run's hour, UTC (the same as the documented cron line `0 17 * * *`). */
export const NUDGE_TICK_HOUR_UTC = 17;

/** Counts a run's outcome and decisions in the metrics (a run that threw counts as `failed`). */
async function observed<R extends { outcome: string; counts: Record<string, number> }>(
  metrics: Metrics | null,
  tick: string,
  run: Promise<R>,
): Promise<R> {
  try {
    const report = await run;
    metrics?.observeTick(tick, report.outcome, report.counts);
    return report;
  } catch (error) {
    metrics?.observeTick(tick, 'failed');
    throw error;
  }
}

/**
 * `serve --ticks` (or RUN_TICKS=true): the push run at the top of every hour and the nudge run
 * daily, in process, for single-machine installs. Several instances may all run them: the run lock
 * and the per-user claims keep every announcement single.
 */
export function startTicks(deps: Deps, log: TickLog, metrics: Metrics | null = null): Scheduler {
  const push = pushTransportFrom(deps.config);
  const mail = mailTransportFrom(deps.config);
  const scheduler = startScheduler(
    deps.clock,
    [
      { name: 'push', nextAfter: nextHour, run: () => observed(metrics, 'push', runPushTick(deps, push, { dryRun: false, log })) },
      {
        name: 'nudges',
        nextAfter: (at) => nextDailyAt(NUDGE_TICK_HOUR_UTC, at),
        run: () => observed(metrics, 'nudges', runNudgeTick(deps, mail, { dryRun: false, log })),
      },
    ],
    log,
  );
  return {
    stop: async () => {
      await scheduler.stop();
      mail?.close();
    },
  };
}
