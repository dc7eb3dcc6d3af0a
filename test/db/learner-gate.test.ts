import { describe, expect, it } from 'vitest';
import { LearnerWriteGate } from '../../src/db/learner-gate.js';
import { BusyError } from '../../src/shared/busy.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('LearnerWriteGate', () => {
  it('runs one learner’s writes one at a time, in arrival order, and other learners’ at once', async () => {
    const gate = new LearnerWriteGate();
    const log: string[] = [];
    const first = deferred();
    const a1 = gate.run(1, async () => {
      log.push('a1 start');
      await first.promise;
      log.push('a1 end');
    });
    const a2 = gate.run(1, async () => void log.push('a2'));
    await gate.run(2, async () => void log.push('b'));
    expect(log).toEqual(['a1 start', 'b']);
    first.resolve();
    await Promise.all([a1, a2]);
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2']);
  });

  it('tells a write whether another write of its learner came before it in the gate (what it read before may be stale)', async () => {
    const gate = new LearnerWriteGate();
    const hold = deferred();
    const told: [string, boolean][] = [];
    const first = gate.run(1, async (follows) => {
      told.push(['first', follows]);
      await hold.promise;
    });
    const second = gate.run(1, async (follows) => void told.push(['second', follows]));
    await gate.run(2, async (follows) => void told.push(['other learner', follows]));
    hold.resolve();
    await Promise.all([first, second]);
    // Finished in an earlier turn of the event loop: nothing runs or just ran.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    await gate.run(1, async (follows) => void told.push(['later', follows]));
    expect(told).toEqual([
      ['first', false],
      ['other learner', false],
      ['second', true],
      ['later', false],
    ]);
  });

  it('refuses, with a BusyError, a write beyond the bound of queued writes of one learner', async () => {
    const gate = new LearnerWriteGate(2);
    const hold = deferred();
    const running = gate.run(1, () => hold.promise);
    const queued = [gate.run(1, async () => 'q1'), gate.run(1, async () => 'q2')];
    await expect(gate.run(1, async () => 'q3')).rejects.toBeInstanceOf(BusyError);
    await expect(gate.run(2, async () => 'other learner')).resolves.toBe('other learner');
    hold.resolve();
    await running;
    await expect(Promise.all(queued)).resolves.toEqual(['q1', 'q2']);
  });

  it('passes a failed write’s error on and lets the next one run', async () => {
    const gate = new LearnerWriteGate();
    await expect(gate.run(1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(gate.run(1, async () => 'next')).resolves.toBe('next');
  });

  it('moves a learner’s write mark when a write of that learner finishes, failed or not, and no one else’s', async () => {
    const gate = new LearnerWriteGate();
    expect(gate.writeMark(1)).toBe(0);
    const running = deferred();
    const write = gate.run(1, () => running.promise);
    // Running is not finished: what a page reads now may still be the state before it.
    expect(gate.writeMark(1)).toBe(0);
    running.resolve();
    await write;
    const afterFirst = gate.writeMark(1);
    expect(afterFirst).not.toBe(0);
    await gate.run(2, async () => {});
    expect(gate.writeMark(1)).toBe(afterFirst);
    await expect(gate.run(1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(gate.writeMark(1)).not.toBe(afterFirst);
  });
});
