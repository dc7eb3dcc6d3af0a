// Pieces shared by every planned subject.
import { RELEASE_DATE } from './manifest.js';
import type { MeaningSet } from './meanings.js';
import type { AuxiliaryMeaning, CommonData, Meaning, SubjectType } from './types.js';

/** Levels 1–2 run the accelerated SRS system (id 2); the rest the default one (id 1). */
export const srsSystemFor = (level: number): number => (level <= 2 ? 2 : 1);

/** Jisho is a public dictionary built on the same EDRDG data. */
export function documentUrl(type: SubjectType, characters: string): string {
  return `https://jisho.org/search/${encodeURIComponent(characters)}${type === 'kanji' ? '%20%23kanji' : ''}`;
}

export function kebab(name: string): string {
  return name
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function meaningFields(
  set: MeaningSet,
  blacklist: readonly string[] = [],
): { meanings: Meaning[]; auxiliary_meanings: AuxiliaryMeaning[] } {
  return {
    meanings: set.accepted.map((meaning, i) => ({ meaning, primary: i === 0, accepted_answer: true })),
    auxiliary_meanings: [
      ...set.whitelist.map((meaning) => ({ type: 'whitelist' as const, meaning })),
      ...blacklist.map((meaning) => ({ type: 'blacklist' as const, meaning })),
    ],
  };
}

export interface Planned<D extends CommonData = CommonData> {
  readonly type: SubjectType;
  /** The id-map key (the characters). */
  readonly key: string;
  /** Id-map keys of the components (radical characters for kanji, kanji for vocabulary). */
  readonly componentKeys: readonly string[];
  /** Kanji keys of look-alike kanji. */
  readonly similarKeys: readonly string[];
  readonly data: D;
}

export function commonData(
  type: SubjectType,
  fields: {
    level: number;
    position: number;
    slug: string;
    characters: string;
    meanings: Meaning[];
    auxiliary_meanings: AuxiliaryMeaning[];
    meaning_mnemonic: string;
    meaning_hint: string;
  },
): CommonData {
  return {
    created_at: RELEASE_DATE,
    level: fields.level,
    slug: fields.slug,
    hidden_at: null,
    document_url: documentUrl(type, fields.characters),
    characters: fields.characters,
    meanings: fields.meanings,
    auxiliary_meanings: fields.auxiliary_meanings,
    component_subject_ids: [],
    amalgamation_subject_ids: [],
    visually_similar_subject_ids: [],
    meaning_mnemonic: fields.meaning_mnemonic,
    meaning_hint: fields.meaning_hint,
    lesson_position: fields.position,
    spaced_repetition_system_id: srsSystemFor(fields.level),
  };
}
