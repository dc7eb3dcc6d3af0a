// Planning stage: turns the selection into subject data (ids come later).
import type { Planned } from './common.js';
import type { DenyAllow, EmphasisOverride, KanjiMeaningRow, MeaningOverride, RadicalName } from './curation.js';
import { kanjiEmphasis, kanjiMeanings, planKanji, planRadicals } from './plan-kanji.js';
import { knownSounds, planKana, planVocabulary, readingExamples } from './plan-vocabulary.js';
import { bringReadingWords } from './reading-words.js';
import type { Selection } from './select.js';
import { patternsFor, sentencesFor, type SentenceIndex } from './sentences.js';

export interface Curation {
  readonly radicalNames: ReadonlyMap<string, RadicalName>;
  readonly emphasis: ReadonlyMap<string, EmphasisOverride>;
  readonly meanings: ReadonlyMap<string, MeaningOverride>;
  readonly kanjiMeanings: ReadonlyMap<string, KanjiMeaningRow>;
  readonly denyAllow: DenyAllow;
  readonly readingDrops: ReadonlyMap<string, ReadonlySet<string>>;
}

export function planAll(
  sel: Selection,
  cur: Curation,
  lookalikes: ReadonlyMap<string, readonly string[]>,
  sentences: SentenceIndex,
): Planned[] {
  const kanjiLevel = new Map(sel.kanji.map((k) => [k.literal, k.level]));
  const meanings = kanjiMeanings(sel.kanji, cur.kanjiMeanings);
  const emphasis = kanjiEmphasis(sel.kanji, sel.voteWords, sel.readingsOf, cur.emphasis);
  const words = bringReadingWords(sel.words, sel.candidates.values(), sel.slots, emphasis, sel.readingsOf);
  const vocabulary = planVocabulary({
    chosen: words,
    slots: sel.slots,
    kanjiMeaning: (k) => meanings.get(k)?.set.primary ?? k,
    readingsOf: sel.readingsOf,
    overrides: cur.meanings,
    sentences: (word, pos, level) => sentencesFor(word, pos, level, sentences, kanjiLevel),
    patterns: (word, pos, level) => patternsFor(word, pos, level, sentences, kanjiLevel),
  });
  const kanji = planKanji(
    sel.kanji,
    sel.radicals.radicalsOf,
    cur.radicalNames,
    meanings,
    emphasis,
    readingExamples(vocabulary, sel.readingsOf),
    knownSounds(vocabulary, sel.readingsOf),
    lookalikes,
    sel.readingsOf,
  );
  const radicals = planRadicals(sel.radicals.radicals, cur.radicalNames, meanings, kanjiLevel);
  const kana = planKana(sel.kana, cur.meanings);
  return [...radicals, ...kanji, ...vocabulary, ...kana];
}
