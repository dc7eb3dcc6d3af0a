// A word for each kanji's taught reading at the kanji's own level. The kanji's reading note ties the
// reading to a word the learner meets with the kanji (高 こう: 高校), so the selection brings such a
// word to the kanji's level: a chosen word from a later level moves down, or a candidate word whose
// kanji are all taught by then is added. A kanji with no such word keeps its own kun-word, and its
// reading note says honestly where the taught reading is first used.
import { alignReading, type EmphasisChoice, type ReadingsOf, type Segment } from './readings.js';
import type { ChosenWord, KanjiSlot, WordCandidate } from './vocabulary.js';
import { cmp } from './text.js';

export const READING_WORD_KNOBS = {
  /** A word brought for a reading must be used at least this much (Zipf); rarer ones are no help to a learner. */
  minZipf: 3.5,
} as const;

/** True when an aligned reading reads `kanji` with the taught reading (rendaku and small っ included; 組 くみ as well as 組む). */
export function segmentsUse(segments: readonly Segment[] | null, kanji: string, choice: EmphasisChoice): boolean {
  return (
    segments?.some((s) => s.text === kanji && s.type === choice.emphasis && (s.base === choice.primary || s.reading === choice.primary)) ??
    false
  );
}

/** True when the word's main reading reads `kanji` with the taught reading. */
export function usesTaughtReading(word: string, reading: string, kanji: string, choice: EmphasisChoice, readingsOf: ReadingsOf): boolean {
  return segmentsUse(alignReading(word, reading, readingsOf), kanji, choice);
}

/**
 * Returns the chosen words with, for every kanji that has none at its level, the best word using its
 * taught reading placed at that level (moved from a later level, or added from `pool`).
 */
export function bringReadingWords(
  chosen: readonly ChosenWord[],
  pool: Iterable<WordCandidate>,
  slots: ReadonlyMap<string, KanjiSlot>,
  emphasis: ReadonlyMap<string, EmphasisChoice>,
  readingsOf: ReadingsOf,
): ChosenWord[] {
  const byHeadword = new Map(chosen.map((c) => [c.word.headword, c]));
  const newest = (w: WordCandidate): number => Math.max(...w.kanji.map((k) => slots.get(k)?.level ?? Infinity));
  const withKanji = new Map<string, WordCandidate[]>();
  for (const w of [...pool, ...chosen.map((c) => c.word)]) {
    for (const k of w.kanji) {
      const list = withKanji.get(k) ?? [];
      if (!list.some((x) => x.headword === w.headword)) list.push(w);
      withKanji.set(k, list);
    }
  }
  const uses = (w: WordCandidate, k: string): boolean => usesTaughtReading(w.headword, w.readings[0]!, k, emphasis.get(k)!, readingsOf);
  const kanji = [...slots].sort((a, b) => a[1].level - b[1].level || a[1].position - b[1].position);
  for (const [k, slot] of kanji) {
    if (!emphasis.has(k)) continue;
    const words = withKanji.get(k) ?? [];
    const hasOne = words.some((w) => (byHeadword.get(w.headword)?.level ?? Infinity) <= slot.level && uses(w, k));
    if (hasOne) continue;
    const best = words
      .filter((w) => newest(w) <= slot.level && (w.zipf >= READING_WORD_KNOBS.minZipf || byHeadword.has(w.headword)) && uses(w, k))
      .sort((a, b) => b.score - a.score || cmp(a.headword, b.headword))[0];
    if (best) byHeadword.set(best.headword, { word: byHeadword.get(best.headword)?.word ?? best, level: slot.level });
  }
  return [...byHeadword.values()];
}
