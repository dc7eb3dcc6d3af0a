import type { Static } from 'typebox';
import type { LevelProgressionRecord } from '../../../domain/model/catalog.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import type { LevelProgressionData } from './schema.js';

export function levelProgressionData(p: LevelProgressionRecord): Static<typeof LevelProgressionData> {
  return {
    created_at: toIso(p.createdAt),
    level: p.level,
    unlocked_at: toIsoOrNull(p.unlockedAt),
    started_at: toIsoOrNull(p.startedAt),
    passed_at: toIsoOrNull(p.passedAt),
    completed_at: toIsoOrNull(p.completedAt),
    abandoned_at: toIsoOrNull(p.abandonedAt),
  };
}
