import type { components, paths } from './api.js';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The 200 answer body of a GET path. */
export type GetBody<P extends keyof paths> = paths[P] extends { get: { responses: { 200: infer R } } } ? Json<R> : never;

export type SubjectType = 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';

/**
 * A subject's fields as the contract lists them. The server's schema leaves subject `data` open
 * (bodies are stored pre-serialised), so the generated type says only "object"; these fields are
 * the contract's, and every one a client reads is named here.
 */
export interface SubjectFields {
  slug: string;
  level: number;
  characters: string | null;
  meanings: { meaning: string; primary: boolean; accepted_answer: boolean }[];
  readings?: { type: string; primary: boolean; reading: string; accepted_answer: boolean }[];
  auxiliary_meanings: { type: 'whitelist' | 'blacklist'; meaning: string }[];
  component_subject_ids: number[];
  amalgamation_subject_ids: number[];
  visually_similar_subject_ids: number[];
  meaning_mnemonic: string;
  meaning_hint?: string | null;
  reading_mnemonic?: string | null;
  reading_hint?: string | null;
  document_url: string;
  lesson_position: number;
  spaced_repetition_system_id: number;
  hidden_at: string | null;
  created_at: string;
  parts_of_speech?: string[];
  context_sentences?: { en: string; ja: string }[];
  pronunciation_audios?: {
    url: string;
    content_type: string;
    metadata: { gender?: string; pronunciation?: string; voice_actor_name?: string; voice_description?: string };
  }[];
  mnemonic_image_url?: string;
  patterns_of_use?: { pattern: string; collocations: { en: string; ja: string }[] }[];
}

export type SubjectResource = Omit<GetBody<'/subjects/{id}'>, 'data'> & { data: SubjectFields };
export type SubjectData = SubjectFields;
export type AssignmentResource = GetBody<'/assignments/{id}'>;
export type UserReport = GetBody<'/user'>;
export type Preferences = UserReport['data']['preferences'];
export type DashboardReport = GetBody<'/dashboard'>;
export type StudyMaterialResource = GetBody<'/study_materials/{id}'>;
/** What POST /burn_manager answers: the items moved and, for each item left alone, why. */
export type BurnManagerOutcome = components['schemas']['PostBurnManagerResponse']['data'];
export type BurnSkipReason = BurnManagerOutcome['skipped'][number]['reason'];
/** What POST /advance answers. */
export type AdvanceOutcome = components['schemas']['PostAdvanceResponse']['data'];
/** Why no tranche can open: GET /unlockable's `blocked` and POST /advance's `reason`. */
export type TrancheBlock = NonNullable<components['schemas']['GetUnlockableResponse']['data']['blocked']>;
export type { components, paths };
