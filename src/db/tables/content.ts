import type { Generated } from 'kysely';

export interface SubjectsTable {
  id: number;
  object: string;
  slug: string;
  level: number;
  characters: string | null;
  lesson_position: number;
  spaced_repetition_system_id: number;
  hidden_at: number | null;
  created_at: number;
  updated_at: number;
  /** The normalised `data` body, stored as served. */
  data: string;
  /** `data.meanings` alone (JSON), for lists of many subjects. */
  meanings: string;
}

/** component_subject_ids, one row per link, for unlock queries. */
export interface SubjectComponentsTable {
  subject_id: number;
  component_id: number;
}

/** Lower-cased searchable strings of a subject (characters, meanings, readings, slug). */
export interface SubjectTermsTable {
  subject_id: number;
  term: string;
}

export interface SpacedRepetitionSystemsTable {
  id: number;
  name: string;
  description: string;
  unlocking_stage_position: number;
  starting_stage_position: number;
  passing_stage_position: number;
  burning_stage_position: number;
  /** JSON array of {position, interval, interval_unit}. */
  stages: string;
  created_at: number;
  updated_at: number;
}

export interface VoiceActorsTable {
  id: Generated<number>;
  name: string;
  gender: string;
  description: string;
  created_at: number;
  updated_at: number;
}

/** The one row saying which content the subjects table holds (see the content_release migration). */
export interface ContentReleaseTable {
  id: number;
  origin: string;
  sha256: string | null;
  loaded_at: number;
}

/** The one row counting writes to subjects (see the content_version migration). */
export interface ContentVersionTable {
  id: number;
  version: number;
}
