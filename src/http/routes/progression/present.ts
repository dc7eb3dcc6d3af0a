import type { Static } from 'typebox';
import type { AdvanceResult, Candidate, Unlockable } from '../../../services/advance.js';
import { toIsoOrNull } from '../../../shared/time.js';
import type { AdvanceData, CandidateData, UnlockableData } from './schema.js';

const candidate = (c: Candidate): Static<typeof CandidateData> => ({
  subject_id: c.subjectId,
  object: c.object,
  level: c.level,
  characters: c.characters,
  slug: c.slug,
  meanings: c.meanings,
  unlocks_at: toIsoOrNull(c.unlocksAt),
});

export function presentUnlockable(view: Unlockable): Static<typeof UnlockableData> {
  return { total: view.candidates.length, pending: view.pending, blocked: view.blocked, candidates: view.candidates.map(candidate) };
}

export function presentAdvance(r: AdvanceResult): Static<typeof AdvanceData> {
  return { outcome: r.outcome, unlocked: r.unlocked, level: r.level, pending: r.pending, reason: r.reason };
}
