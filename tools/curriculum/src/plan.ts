// Planning stage: turns the selection into subject data (ids come later).
import type { Planned } from './common.js';
import type { DenyAllow, EmphasisOverride, MeaningOverride, RadicalName } from './curation.js';
import { kanjiEmphasis, kanjiMeanings, planKanji, planRadicals } from './plan-kanji.js';
import { planKana, planVocabulary, readingExamples } from './plan-vocabulary.js';
import type { Selection } from './select.js';

export interface Curation {
  readonly radicalNames: ReadonlyMap<string, RadicalName>;
  readonly emphasis: ReadonlyMap<string, EmphasisOverride>;
  readonly meanings: ReadonlyMap<string, MeaningOverride>;
  readonly denyAllow: DenyAllow;
}

export function planAll(sel: Selection, cur: Curation, lookalikes: ReadonlyMap<string, readonly string[]>): Planned[] {
  const meanings = kanjiMeanings(sel.kanji, cur.meanings);
  const emphasis = kanjiEmphasis(sel.kanji, sel.voteWords, sel.readingsOf, cur.emphasis);
  const vocabulary = planVocabulary({
    chosen: sel.words,
    slots: sel.slots,
    kanjiMeaning: (k) => meanings.get(k)?.set.primary ?? k,
    readingsOf: sel.readingsOf,
    overrides: cur.meanings,
  });
  const kanji = planKanji(
    sel.kanji,
    sel.radicals.radicalsOf,
    cur.radicalNames,
    meanings,
    emphasis,
    readingExamples(vocabulary, sel.readingsOf),
    lookalikes,
  );
  const kanjiLevel = new Map(sel.kanji.map((k) => [k.literal, k.level]));
  const radicals = planRadicals(sel.radicals.radicals, cur.radicalNames, meanings, kanjiLevel);
  const kana = planKana(sel.kana, cur.meanings);
  return [...radicals, ...kanji, ...vocabulary, ...kana];
}
