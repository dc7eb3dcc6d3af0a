import { describe, expect, it } from 'vitest';
import { nextDailyAt, nextHour, startScheduler, type Timers } from '../../src/jobs/scheduler.js';
import { FakeClock } from '../support/clock.js';

const at = (iso: string) => Date.parse(iso);

/** Timers that fire only when the test says so, moving the fake clock to their instant. */
function manualTimers(clock: FakeClock) {
  const pending: { due: number; callback: () => void; cleared: boolean }[] = [];
  const timers: Timers = {
    set: (callback, delayMs) => {
      const timer = { due: clock.now() + delayMs, callback, cleared: false };
      pending.push(timer);
      return timer;
    },
    clear: (handle) => {
      (handle as { cleared: boolean }).cleared = true;
    },
  };
  /** Fires the earliest live timer (optionally `early` ms before its instant). */
  const fireNext = (early = 0) => {
    const live = pending.filter((p) => !p.cleared).sort((a, b) => a.due - b.due);
    const next = live[0];
    if (!next) throw new Error('no timer');
    next.cleared = true;
    clock.set(new Date(next.due - early).toISOString());
    next.callback();
  };
  return {
    timers,
    fireNext,
    live: () =>
      pending
        .filter((p) => !p.cleared)
        .map((p) => new Date(p.due).toISOString())
        .sort(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const silent = { warn: () => undefined };

describe('tick schedules', () => {
  it('computes the next top of the hour and the next daily instant, strictly after', () => {
    expect(nextHour(at('2026-11-21T10:30:00Z'))).toBe(at('2026-11-21T11:00:00Z'));
    expect(nextHour(at('2026-11-21T11:00:00Z'))).toBe(at('2026-11-21T12:00:00Z'));
    expect(nextDailyAt(17, at('2026-11-21T10:30:00Z'))).toBe(at('2026-11-21T17:00:00Z'));
    expect(nextDailyAt(17, at('2026-11-21T17:00:00Z'))).toBe(at('2026-11-22T17:00:00Z'));
    expect(nextDailyAt(17, at('2026-11-21T23:59:00Z'))).toBe(at('2026-11-22T17:00:00Z'));
  });

  it('runs each schedule at its instants from the injected clock, never twice for one instant', async () => {
    const clock = new FakeClock(at('2026-11-21T10:30:00Z'));
    const { timers, fireNext, live } = manualTimers(clock);
    const runs: string[] = [];
    const scheduler = startScheduler(
      clock,
      [
        { name: 'hourly', nextAfter: nextHour, run: async () => runs.push(`hourly ${new Date(clock.now()).toISOString()}`) },
        { name: 'daily', nextAfter: (t) => nextDailyAt(17, t), run: async () => runs.push(`daily ${new Date(clock.now()).toISOString()}`) },
      ],
      silent,
      timers,
    );
    expect(live()).toEqual(['2026-11-21T11:00:00.000Z', '2026-11-21T17:00:00.000Z']);
    fireNext(5); // a timer firing 5 ms early still counts as the 11:00 run, and does not repeat it
    await settle();
    expect(live()).toEqual(['2026-11-21T12:00:00.000Z', '2026-11-21T17:00:00.000Z']);
    for (let i = 0; i < 7; i += 1) {
      fireNext();
      await settle();
    }
    expect(runs).toEqual([
      'hourly 2026-11-21T10:59:59.995Z',
      'hourly 2026-11-21T12:00:00.000Z',
      'hourly 2026-11-21T13:00:00.000Z',
      'hourly 2026-11-21T14:00:00.000Z',
      'hourly 2026-11-21T15:00:00.000Z',
      'hourly 2026-11-21T16:00:00.000Z',
      expect.stringMatching(/^(hourly|daily) 2026-11-21T17:00:00.000Z$/),
      expect.stringMatching(/^(hourly|daily) 2026-11-21T17:00:00.000Z$/),
    ]);
    expect(runs.slice(-2).sort()).toEqual(['daily 2026-11-21T17:00:00.000Z', 'hourly 2026-11-21T17:00:00.000Z']);
    expect(live()).toEqual(['2026-11-21T18:00:00.000Z', '2026-11-22T17:00:00.000Z']);
    await scheduler.stop();
    expect(live()).toEqual([]);
  });

  it('keeps going after a failed run, and stop waits for the run in progress', async () => {
    const clock = new FakeClock(at('2026-11-21T10:30:00Z'));
    const { timers, fireNext, live } = manualTimers(clock);
    const warnings: string[] = [];
    let finish!: () => void;
    let calls = 0;
    const scheduler = startScheduler(
      clock,
      [
        {
          name: 'hourly',
          nextAfter: nextHour,
          run: () => {
            calls += 1;
            return calls === 1 ? Promise.reject(new Error('provider down')) : new Promise<void>((resolve) => (finish = resolve));
          },
        },
      ],
      { warn: (_details, message) => warnings.push(message) },
      timers,
    );
    fireNext();
    await settle();
    expect(warnings).toEqual(['scheduled run failed']);
    expect(live()).toEqual(['2026-11-21T12:00:00.000Z']);
    fireNext();
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(live()).toEqual([]);
  });
});
