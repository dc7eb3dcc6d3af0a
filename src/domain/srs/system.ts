import { SECOND_MS } from '../../shared/time.js';

export interface SrsStage {
  position: number;
  interval: number | null;
  interval_unit: string | null;
}

/** A spaced repetition system as the engine reads it: positions and intervals come from its row. */
export interface SrsSystem {
  id: number;
  unlockingStage: number;
  startingStage: number;
  passingStage: number;
  burningStage: number;
  stages: readonly SrsStage[];
}

const UNIT_MS: Record<string, number> = {
  milliseconds: 1,
  seconds: SECOND_MS,
  minutes: 60 * SECOND_MS,
  hours: 3600 * SECOND_MS,
  days: 86400 * SECOND_MS,
  weeks: 604800 * SECOND_MS,
};

/** The interval of a stage in milliseconds; null for stages that do not schedule (unlocking, burning). */
export function stageIntervalMs(system: SrsSystem, position: number): number | null {
  const stage = system.stages.find((s) => s.position === position);
  if (stage === undefined || stage.interval === null || stage.interval_unit === null) return null;
  const unit = UNIT_MS[stage.interval_unit];
  if (unit === undefined) throw new Error(`Unknown interval unit ${stage.interval_unit} in system ${system.id}`);
  return stage.interval * unit;
}
