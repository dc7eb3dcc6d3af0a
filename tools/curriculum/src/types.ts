// The subject resource shape written to subjects.jsonl.gz (reference API
// revision 20170710, without url and data_updated_at, which the server adds).

export type SubjectType = 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';

export interface Meaning {
  meaning: string;
  primary: boolean;
  accepted_answer: boolean;
}
export interface AuxiliaryMeaning {
  type: 'whitelist' | 'blacklist';
  meaning: string;
}
export interface KanjiReading {
  type: 'onyomi' | 'kunyomi' | 'nanori';
  primary: boolean;
  reading: string;
  accepted_answer: boolean;
}
export interface VocabularyReading {
  primary: boolean;
  reading: string;
  accepted_answer: boolean;
}

export interface CommonData {
  created_at: string;
  level: number;
  slug: string;
  hidden_at: string | null;
  document_url: string;
  characters: string;
  meanings: Meaning[];
  auxiliary_meanings: AuxiliaryMeaning[];
  component_subject_ids: number[];
  amalgamation_subject_ids: number[];
  visually_similar_subject_ids: number[];
  meaning_mnemonic: string;
  meaning_hint: string;
  lesson_position: number;
  spaced_repetition_system_id: number;
}

export interface RadicalData extends CommonData {
  character_images: never[];
}
export interface KanjiData extends CommonData {
  readings: KanjiReading[];
  reading_mnemonic: string;
  reading_hint: string;
}
export interface VocabularyData extends CommonData {
  readings: VocabularyReading[];
  parts_of_speech: string[];
  reading_mnemonic: string;
  reading_hint: string;
  context_sentences: { en: string; ja: string }[];
  pronunciation_audios: never[];
  /** Present only when the sentences support a pattern (the API omits an empty list). */
  patterns_of_use?: { pattern: string; collocations: { en: string; ja: string }[] }[];
}
export interface KanaVocabularyData extends CommonData {
  parts_of_speech: string[];
  context_sentences: never[];
  pronunciation_audios: never[];
}

export type SubjectResource =
  | { id: number; object: 'radical'; data: RadicalData }
  | { id: number; object: 'kanji'; data: KanjiData }
  | { id: number; object: 'vocabulary'; data: VocabularyData }
  | { id: number; object: 'kana_vocabulary'; data: KanaVocabularyData };

export type AnyData = RadicalData | KanjiData | VocabularyData | KanaVocabularyData;

export const TYPE_ORDER: readonly SubjectType[] = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'];
