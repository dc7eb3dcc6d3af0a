import type { Static } from 'typebox';
import type { VoiceActorRecord } from '../../../domain/model/catalog.js';
import { toIso } from '../../../shared/time.js';
import type { VoiceActorData } from './schema.js';

export function voiceActorData(v: VoiceActorRecord): Static<typeof VoiceActorData> {
  return { created_at: toIso(v.createdAt), name: v.name, gender: v.gender, description: v.description };
}
