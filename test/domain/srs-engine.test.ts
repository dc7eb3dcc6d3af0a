import { describe, expect, it } from 'vitest';
import { applyReview, clampClientTime, nextStage, scheduleAt, startLesson, type AssignmentState } from '../../src/domain/srs/engine.js';
import { percentageCorrect, recordAnswers, EMPTY_STATISTIC } from '../../src/domain/srs/statistics.js';
import type { SrsSystem } from '../../src/domain/srs/system.js';
import { HOUR_MS } from '../../src/shared/time.js';

const stages = (intervals: number[]) => [
  { position: 0, interval: null, interval_unit: null },
  ...intervals.map((interval, i) => ({ position: i + 1, interval, interval_unit: 'seconds' })),
  { position: 9, interval: null, interval_unit: null },
];

/** The two systems of docs/decisions.md, SRS systems, written out independently of the migration. */
const DEFAULT: SrsSystem = {
  id: 1,
  unlockingStage: 0,
  startingStage: 1,
  passingStage: 5,
  burningStage: 9,
  stages: stages([14400, 28800, 82800, 169200, 601200, 1206000, 2588400, 10364400]),
};
const ACCELERATED: SrsSystem = {
  id: 2,
  unlockingStage: 0,
  startingStage: 1,
  passingStage: 5,
  burningStage: 9,
  stages: stages([7200, 14400, 28800, 82800, 601200, 1206000, 2588400, 10364400]),
};

const HOURS = {
  1: [4, 8, 23, 47, 167, 335, 719, 2879],
  2: [2, 4, 8, 23, 167, 335, 719, 2879],
};

const t0 = Date.parse('2026-11-21T15:31:00.000Z');
const unstarted: AssignmentState = {
  srsStage: 0,
  unlockedAt: t0 - HOUR_MS,
  startedAt: null,
  passedAt: null,
  burnedAt: null,
  availableAt: null,
  resurrectedAt: null,
};
const correct = { incorrectMeaning: 0, incorrectReading: 0, countsReading: true };

describe('SRS engine', () => {
  for (const system of [DEFAULT, ACCELERATED]) {
    it(`schedules every stage of system ${system.id} from the stage table, floored to the hour`, () => {
      for (let stage = 1; stage <= 8; stage += 1) {
        const hours = HOURS[system.id as 1 | 2][stage - 1]!;
        // 15:31 plus a whole number of hours floors back to hh:00.
        expect(scheduleAt(system, stage, t0)).toBe(Date.parse('2026-11-21T15:00:00.000Z') + hours * HOUR_MS);
      }
      expect(scheduleAt(system, 9, t0)).toBeNull();
      expect(scheduleAt(system, 0, t0)).toBeNull();
    });

    it(`walks system ${system.id} from lesson to burned with correct answers`, () => {
      let state = startLesson(system, unstarted, t0);
      expect(state.srsStage).toBe(1);
      expect(state.availableAt).toBe(Date.parse('2026-11-21T15:00:00.000Z') + HOURS[system.id as 1 | 2][0]! * HOUR_MS);
      for (let expected = 2; expected <= 9; expected += 1) {
        const at = state.availableAt!;
        const outcome = applyReview(system, state, correct, at);
        expect(outcome.endingStage).toBe(expected);
        expect(outcome.newlyPassed).toBe(expected === 5);
        state = outcome.state;
        if (expected === 9) {
          expect(state.availableAt).toBeNull();
          expect(state.burnedAt).toBe(at);
          expect(outcome.newlyBurned).toBe(true);
        } else {
          expect(state.availableAt).toBe(at + HOURS[system.id as 1 | 2][expected - 1]! * HOUR_MS);
        }
      }
    });
  }

  it('drops ceil(incorrect / 2) stages, twice as far from the passing stage, never below the start', () => {
    expect(nextStage(DEFAULT, 4, 1)).toBe(3);
    expect(nextStage(DEFAULT, 6, 3)).toBe(2);
    expect(nextStage(DEFAULT, 6, 1234)).toBe(1);
    expect(nextStage(DEFAULT, 5, 1)).toBe(3);
    expect(nextStage(DEFAULT, 8, 2)).toBe(6);
    expect(nextStage(DEFAULT, 1, 3)).toBe(1);
    expect(nextStage(DEFAULT, 8, 0)).toBe(9);
  });

  it('ignores reading answers for meaning-only types', () => {
    const state = startLesson(DEFAULT, unstarted, t0);
    const outcome = applyReview(DEFAULT, state, { incorrectMeaning: 0, incorrectReading: 5, countsReading: false }, t0);
    expect(outcome.endingStage).toBe(2);
  });

  it('keeps passed_at once set, through a later drop', () => {
    const passed: AssignmentState = { ...unstarted, srsStage: 5, startedAt: t0, passedAt: t0, availableAt: t0 };
    const outcome = applyReview(DEFAULT, passed, { ...correct, incorrectMeaning: 2 }, t0 + HOUR_MS);
    expect(outcome.endingStage).toBe(3);
    expect(outcome.state.passedAt).toBe(t0);
    expect(outcome.newlyPassed).toBe(false);
  });

  it('clamps a client time into [earliest, now]', () => {
    expect(clampClientTime(null, t0, t0 + 10)).toBe(t0 + 10);
    expect(clampClientTime(t0 + 99, t0, t0 + 10)).toBe(t0 + 10);
    expect(clampClientTime(t0 - 99, t0, t0 + 10)).toBe(t0);
    expect(clampClientTime(t0 + 5, t0, t0 + 10)).toBe(t0 + 5);
  });
});

describe('review statistics (see docs/decisions.md, Statistic counters)', () => {
  it('counts parts, streaks and the percentage over both parts', () => {
    let counts = recordAnswers(EMPTY_STATISTIC, { incorrectMeaning: 0, incorrectReading: 0, countsReading: true });
    counts = recordAnswers(counts, { incorrectMeaning: 0, incorrectReading: 0, countsReading: true });
    expect(counts).toMatchObject({ meaningCorrect: 2, meaningCurrentStreak: 2, meaningMaxStreak: 2, readingCorrect: 2 });
    counts = recordAnswers(counts, { incorrectMeaning: 1, incorrectReading: 0, countsReading: true });
    expect(counts).toMatchObject({
      meaningCorrect: 3,
      meaningIncorrect: 1,
      meaningCurrentStreak: 1,
      meaningMaxStreak: 2,
      readingCurrentStreak: 3,
      readingMaxStreak: 3,
    });
    expect(percentageCorrect(counts)).toBe(Math.round((100 * 6) / 7));
  });

  it('follows the statistic counters rule for the reference example counts (its printed 67 does not match its own counts; the rule gives 40)', () => {
    const counts = recordAnswers(EMPTY_STATISTIC, { incorrectMeaning: 1, incorrectReading: 2, countsReading: true });
    expect(counts).toMatchObject({ meaningCorrect: 1, meaningIncorrect: 1, readingCorrect: 1, readingIncorrect: 2 });
    expect(percentageCorrect(counts)).toBe(40);
    expect(percentageCorrect(EMPTY_STATISTIC)).toBe(100);
  });

  it('never accrues reading counts for meaning-only types', () => {
    const counts = recordAnswers(EMPTY_STATISTIC, { incorrectMeaning: 0, incorrectReading: 3, countsReading: false });
    expect(counts).toMatchObject({ readingCorrect: 0, readingIncorrect: 0, readingCurrentStreak: 0 });
  });
});
