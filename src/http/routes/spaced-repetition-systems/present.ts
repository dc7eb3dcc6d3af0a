import type { Static } from 'typebox';
import type { SrsSystemRecord } from '../../../domain/model/catalog.js';
import { toIso } from '../../../shared/time.js';
import type { SrsSystemData } from './schema.js';

export function srsSystemData(s: SrsSystemRecord): Static<typeof SrsSystemData> {
  return {
    created_at: toIso(s.createdAt),
    name: s.name,
    description: s.description,
    unlocking_stage_position: s.unlockingStage,
    starting_stage_position: s.startingStage,
    passing_stage_position: s.passingStage,
    burning_stage_position: s.burningStage,
    stages: s.stages,
  };
}
