import { floorToHour } from '../../shared/time.js';
import { stageIntervalMs, type SrsSystem } from './system.js';

/** The SRS-relevant state of an assignment (epoch ms timestamps). */
export interface AssignmentState {
  srsStage: number;
  unlockedAt: number | null;
  startedAt: number | null;
  passedAt: number | null;
  burnedAt: number | null;
  availableAt: number | null;
  resurrectedAt: number | null;
}

/** Answers of one review; `countsReading` is false for types quizzed on meaning only. */
export interface ReviewAnswers {
  incorrectMeaning: number;
  incorrectReading: number;
  countsReading: boolean;
}

/** Stages at or above the passing stage drop twice as far on a wrong answer. */
const PENALTY_FACTOR_FROM_PASSING = 2;
const PENALTY_FACTOR_BELOW_PASSING = 1;

export function incorrectCount(answers: ReviewAnswers): number {
  return answers.incorrectMeaning + (answers.countsReading ? answers.incorrectReading : 0);
}

/** When an item at `stage` is next due after `at`: the stage's interval, floored to the top of the hour. */
export function scheduleAt(system: SrsSystem, stage: number, at: number): number | null {
  const interval = stageIntervalMs(system, stage);
  return interval === null ? null : floorToHour(at + interval);
}

/** Stage change (docs/decisions.md): +1 with no wrong answers, otherwise down by ceil(incorrect / 2) x penalty, floored at the start. */
export function nextStage(system: SrsSystem, stage: number, incorrect: number): number {
  if (incorrect === 0) return Math.min(stage + 1, system.burningStage);
  const factor = stage >= system.passingStage ? PENALTY_FACTOR_FROM_PASSING : PENALTY_FACTOR_BELOW_PASSING;
  return Math.max(system.startingStage, stage - Math.ceil(incorrect / 2) * factor);
}

/** Lesson start (docs/decisions.md): a lesson enters the cycle at the starting stage, scheduled from `startedAt`. */
export function startLesson(system: SrsSystem, state: AssignmentState, startedAt: number): AssignmentState {
  return {
    ...state,
    srsStage: system.startingStage,
    startedAt,
    availableAt: scheduleAt(system, system.startingStage, startedAt),
  };
}

export interface ReviewOutcome<S extends AssignmentState = AssignmentState> {
  /** The state given, every other field of it kept, moved by the review. */
  state: S;
  startingStage: number;
  endingStage: number;
  /** True when this review reached the passing stage for the first time. */
  newlyPassed: boolean;
  newlyBurned: boolean;
}

/** Applies one review at `at` (already clamped; see docs/decisions.md, Review time) to a started, unburned assignment. */
export function applyReview<S extends AssignmentState>(system: SrsSystem, state: S, answers: ReviewAnswers, at: number): ReviewOutcome<S> {
  const endingStage = nextStage(system, state.srsStage, incorrectCount(answers));
  const burned = endingStage === system.burningStage;
  const newlyPassed = state.passedAt === null && endingStage >= system.passingStage;
  return {
    state: {
      ...state,
      srsStage: endingStage,
      availableAt: burned ? null : scheduleAt(system, endingStage, at),
      passedAt: newlyPassed ? at : state.passedAt,
      burnedAt: burned ? (state.burnedAt ?? at) : state.burnedAt,
    },
    startingStage: state.srsStage,
    endingStage,
    newlyPassed,
    newlyBurned: burned && state.burnedAt === null,
  };
}

/**
 * The time a client gives for what it did (a review's created_at, a lesson's started_at), now when
 * it gives none, clamped to [earliest, now]: a device clock that is off never makes the server
 * refuse progress an offline client would then drop (see docs/decisions.md, Review time and Lesson
 * start).
 */
export function clampClientTime(requested: number | null, earliest: number, now: number): number {
  if (requested === null) return now;
  return Math.min(Math.max(requested, earliest), now);
}

/** Burn manager: back to the starting stage, due now, passed_at kept. */
export function resurrect(system: SrsSystem, state: AssignmentState, now: number): AssignmentState {
  return { ...state, srsStage: system.startingStage, burnedAt: null, resurrectedAt: now, availableAt: now };
}

/** Burn manager: straight to burned, passed_at filled when missing. */
export function retire(system: SrsSystem, state: AssignmentState, now: number): AssignmentState {
  return { ...state, srsStage: system.burningStage, burnedAt: now, availableAt: null, passedAt: state.passedAt ?? now };
}
