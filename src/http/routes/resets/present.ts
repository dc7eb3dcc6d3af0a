import type { Static } from 'typebox';
import type { ResetRecord } from '../../../domain/model/catalog.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import type { ResetData } from './schema.js';

export function resetData(r: ResetRecord): Static<typeof ResetData> {
  return {
    created_at: toIso(r.createdAt),
    original_level: r.originalLevel,
    target_level: r.targetLevel,
    confirmed_at: toIsoOrNull(r.confirmedAt),
  };
}
