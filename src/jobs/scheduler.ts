import type { Clock } from '../shared/clock.js';
import { DAY_MS, HOUR_MS, floorToHour } from '../shared/time.js';
import type { TickLog } from './log.js';

/** One recurring job: when it next runs after an instant, and the run itself. */
export interface Schedule {
  name: string;
  nextAfter(at: number): number;
  run(): Promise<unknown>;
}

/** Real timers by default; tests pass their own. */
export interface Timers {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

const nodeTimers: Timers = {
  set: (callback, delayMs) => setTimeout(callback, delayMs).unref(),
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The top of the next hour (strictly after `at`). */
export function nextHour(at: number): number {
  return floorToHour(at) + HOUR_MS;
}

/** The next `hour`:00 UTC strictly after `at`. */
export function nextDailyAt(hour: number, at: number): number {
  const today = Math.floor(at / DAY_MS) * DAY_MS + hour * HOUR_MS;
  return today > at ? today : today + DAY_MS;
}

export interface Scheduler {
  /** Cancels the timers and waits for the runs in progress. */
  stop(): Promise<void>;
}

/**
 * Runs each schedule at its instants, computed from the injected clock. A run is never started
 * while the previous run of the same schedule is in progress, and a timer that fires early never
 * repeats an instant already run. A failed run is logged and the schedule goes on.
 */
export function startScheduler(clock: Clock, schedules: readonly Schedule[], log: TickLog, timers: Timers = nodeTimers): Scheduler {
  let stopped = false;
  const handles = new Map<string, unknown>();
  const running = new Set<Promise<void>>();

  const arm = (schedule: Schedule, after: number) => {
    if (stopped) return;
    const due = schedule.nextAfter(Math.max(after, clock.now()));
    handles.set(
      schedule.name,
      timers.set(
        () => {
          const run: Promise<void> = schedule
            .run()
            .then(
              () => undefined,
              (error: unknown) => log.warn({ err: error, job: schedule.name }, 'scheduled run failed'),
            )
            .finally(() => {
              running.delete(run);
              arm(schedule, due);
            });
          running.add(run);
        },
        Math.max(0, due - clock.now()),
      ),
    );
  };
  for (const schedule of schedules) arm(schedule, clock.now());

  return {
    stop: async () => {
      stopped = true;
      for (const handle of handles.values()) timers.clear(handle);
      await Promise.all(running);
    },
  };
}
