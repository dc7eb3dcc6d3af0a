// Vocabulary and kana vocabulary subjects.
import { commonData, meaningFields, type Planned } from './common.js';
import type { MeaningOverride } from './curation.js';
import type { EdictSense } from './edict.js';
import type { ChosenKana } from './kana-vocabulary.js';
import { isKatakanaWord } from './kana-vocabulary.js';
import { buildMeaningSet, cleanGloss, titleCase, verbVariants, wordsBeforeNumbers, type MeaningSet } from './meanings.js';
import {
  alsoAcceptedHint,
  kanaMeaningMnemonic,
  otherReadingsHint,
  vocabularyMeaningMnemonic,
  vocabularyReadingMnemonic,
  type LevelledExample,
  type ReadingNoteWords,
} from './mnemonics.js';
import { partsOfSpeech } from './pos.js';
import { segmentsUse } from './reading-words.js';
import { alignReading, type EmphasisChoice, type ReadingsOf, type Segment } from './readings.js';
import { chars, cmp, isKanji } from './text.js';
import type { KanaVocabularyData, VocabularyData } from './types.js';
import type { ChosenWord, KanjiSlot } from './vocabulary.js';
import type { ContextSentence, PatternOfUse } from './sentences.js';

/** Senses with these tags are moved behind the others before meanings are picked. */
const MINOR_SENSE_TAGS = ['abbr', 'arch', 'obsc', 'obs', 'rare', 'sl', 'col', 'vulg', 'derog', 'X', 'm-sl', 'net-sl', 'dated'];

export function orderedSenses(senses: readonly EdictSense[]): EdictSense[] {
  const minor = (s: EdictSense): number => (s.misc.some((t) => MINOR_SENSE_TAGS.includes(t)) ? 1 : 0);
  return senses
    .map((s, i) => ({ s, i }))
    .sort((a, b) => minor(a.s) - minor(b.s) || a.i - b.i)
    .map((x) => x.s);
}

export interface WordMeaning {
  readonly set: MeaningSet;
  readonly blacklist: readonly string[];
  readonly pos: string[];
}

/** Glosses of the two main senses are answers; the next senses only whitelist. */
export function wordMeaning(senses: readonly EdictSense[], override: MeaningOverride | undefined): WordMeaning | null {
  const ordered = orderedSenses(senses);
  const main = ordered.slice(0, 2).flatMap((s) => wordsBeforeNumbers(s.glosses.map(cleanGloss)));
  const extra = ordered.slice(2, 4).flatMap((s) => s.glosses.map(cleanGloss));
  const blacklist = (override?.blacklist ?? []).map(titleCase);
  const candidates = [...(override ? [override.primary, ...override.also] : []), ...main].filter((m) => !blacklist.includes(titleCase(m)));
  const first = buildMeaningSet(candidates);
  if (!first) return null;
  const whitelist = [...first.whitelist, ...verbVariants(first.accepted), ...extra.map(titleCase)]
    .filter(
      (m, i, all) =>
        m.length > 0 &&
        m.length <= 60 &&
        !first.accepted.some((a) => a.toLowerCase() === m.toLowerCase()) &&
        all.findIndex((x) => x.toLowerCase() === m.toLowerCase()) === i,
    )
    .filter((m) => !blacklist.includes(m))
    .slice(0, 8);
  let pos = partsOfSpeech(ordered.slice(0, 2));
  if (pos.length === 0) pos = partsOfSpeech(ordered);
  return { set: { ...first, whitelist }, blacklist, pos };
}

export interface VocabPlanInput {
  readonly chosen: readonly ChosenWord[];
  readonly slots: ReadonlyMap<string, KanjiSlot>;
  readonly kanjiMeaning: (k: string) => string;
  readonly readingsOf: ReadingsOf;
  readonly overrides: ReadonlyMap<string, MeaningOverride>;
  /** Context sentences for a word (its EDICT POS codes say how it inflects) taught at a level. */
  readonly sentences: (word: string, posCodes: readonly string[], level: number) => ContextSentence[];
  readonly patterns: (word: string, posCodes: readonly string[], level: number) => PatternOfUse[];
}

export function planVocabulary(input: VocabPlanInput): Planned<VocabularyData>[] {
  const { chosen, slots } = input;
  // Inside a level: words of already-known kanji first, then in the order their newest kanji is taught.
  const orderKey = (c: ChosenWord): number =>
    Math.max(...c.word.kanji.map((k) => (slots.get(k)?.level === c.level ? (slots.get(k)?.position ?? -1) : -1)));
  const sorted = [...chosen].sort(
    (a, b) => a.level - b.level || orderKey(a) - orderKey(b) || b.word.score - a.word.score || cmp(a.word.headword, b.word.headword),
  );
  const positions = new Map<number, number>();
  const out: Planned<VocabularyData>[] = [];
  for (const c of sorted) {
    const w = c.word;
    const m = wordMeaning(w.senses, input.overrides.get(`vocabulary:${w.headword}`));
    if (!m || m.pos.length === 0) continue;
    const position = positions.get(c.level) ?? 0;
    positions.set(c.level, position + 1);
    const reading = w.readings[0]!;
    const posCodes = w.senses.flatMap((s) => s.pos);
    const patterns = input.patterns(w.headword, posCodes, c.level);
    const segments = alignReading(w.headword, reading, input.readingsOf);
    const pieces = (segments ?? chars(w.headword).map((ch): Segment => ({ text: ch, reading: '' }))).map((s) => ({
      text: s.text,
      kanjiMeaning: isKanji(s.text) && s.text !== '々' ? input.kanjiMeaning(s.text) : null,
    }));
    const common = commonData('vocabulary', {
      level: c.level,
      position,
      slug: w.headword,
      characters: w.headword,
      ...meaningFields(m.set, m.blacklist),
      meaning_mnemonic: vocabularyMeaningMnemonic(w.headword, m.set.primary, pieces),
      meaning_hint: alsoAcceptedHint(m.set.accepted.slice(1), 'vocabulary'),
    });
    out.push({
      type: 'vocabulary',
      key: w.headword,
      componentKeys: w.kanji,
      similarKeys: [],
      data: {
        ...common,
        readings: w.readings.map((r, i) => ({ primary: i === 0, reading: r, accepted_answer: true })),
        parts_of_speech: m.pos,
        reading_mnemonic: vocabularyReadingMnemonic(w.headword, reading, segments),
        reading_hint: otherReadingsHint(w.readings.slice(1)),
        context_sentences: input.sentences(w.headword, posCodes, c.level),
        pronunciation_audios: [],
        ...(patterns.length > 0
          ? { patterns_of_use: patterns.map((p) => ({ pattern: p.pattern, collocations: [...p.collocations] })) }
          : {}),
      },
    });
  }
  return out;
}

/** The first word in curriculum order that uses a kanji's taught reading, and the kanji's first word at its own level. */
export function readingExamples(
  vocab: readonly Planned<VocabularyData>[],
  readingsOf: ReadingsOf,
): (kanji: string, choice: EmphasisChoice, level: number) => ReadingNoteWords {
  const ordered = [...vocab].sort((a, b) => a.data.level - b.data.level || a.data.lesson_position - b.data.lesson_position);
  const aligned = ordered.map((v) => ({ v, segs: alignReading(v.key, v.data.readings[0]!.reading, readingsOf) }));
  const example = (v: Planned<VocabularyData>): LevelledExample => ({
    characters: v.key,
    reading: v.data.readings[0]!.reading,
    meaning: v.data.meanings[0]!.meaning,
    level: v.data.level,
  });
  return (kanji, choice, level) => {
    const hit = aligned.find(({ segs }) => segmentsUse(segs, kanji, choice));
    const own = ordered.find((v) => v.data.level === level && v.componentKeys.includes(kanji));
    return { example: hit ? example(hit.v) : null, atLevel: own ? example(own) : null };
  };
}

/**
 * A word from an earlier level whose reading contains the same sound written with another kanji
 * (こう of 学校 for 高), so a kanji's reading can be tied to a word the learner already knows.
 */
export function knownSounds(
  vocab: readonly Planned<VocabularyData>[],
  readingsOf: ReadingsOf,
): (kanji: string, reading: string, level: number) => LevelledExample | null {
  const ordered = [...vocab].sort((a, b) => a.data.level - b.data.level || a.data.lesson_position - b.data.lesson_position);
  const aligned = ordered.map((v) => ({ v, segs: alignReading(v.key, v.data.readings[0]!.reading, readingsOf) }));
  return (kanji, reading, level) => {
    const hit = aligned.find(
      ({ v, segs }) => v.data.level < level && segs?.some((s) => s.text !== kanji && s.type !== undefined && s.reading === reading),
    );
    if (!hit) return null;
    return {
      characters: hit.v.key,
      reading: hit.v.data.readings[0]!.reading,
      meaning: hit.v.data.meanings[0]!.meaning,
      level: hit.v.data.level,
    };
  };
}

export function planKana(chosen: readonly ChosenKana[], overrides: ReadonlyMap<string, MeaningOverride>): Planned<KanaVocabularyData>[] {
  const out: Planned<KanaVocabularyData>[] = [];
  for (const c of chosen) {
    const w = c.word;
    const m = wordMeaning(w.senses, overrides.get(`kana_vocabulary:${w.kana}`));
    if (!m || m.pos.length === 0) continue;
    const common = commonData('kana_vocabulary', {
      level: c.level,
      position: c.position,
      slug: w.kana,
      characters: w.kana,
      ...meaningFields(m.set, m.blacklist),
      meaning_mnemonic: kanaMeaningMnemonic(w.kana, m.set.primary, w.kanjiForm, isKatakanaWord(w.kana)),
      meaning_hint: alsoAcceptedHint(m.set.accepted.slice(1), 'vocabulary'),
    });
    out.push({
      type: 'kana_vocabulary',
      key: w.kana,
      componentKeys: [],
      similarKeys: [],
      data: { ...common, parts_of_speech: m.pos, context_sentences: [], pronunciation_audios: [] },
    });
  }
  return out;
}
