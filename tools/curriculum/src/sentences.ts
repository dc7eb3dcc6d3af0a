// Context sentences for vocabulary from the Tatoeba corpus (CC BY 2.0 FR, see derived.ts): short,
// natural sentences that contain the word (or one of its inflected stems) as a whole word, and
// whose kanji the learner already knows at the word's level; failing that, kanji taught a few
// levels later.
import type { SentencePair } from './derived.js';
import { surfaceForms } from './frequency.js';
import { chars, cmp, isKanji, kanjiOf } from './text.js';

export const SENTENCE_KNOBS = {
  perWord: 3,
  /** Sentences shorter than this (characters) say too little to show a word in use. */
  minLength: 5,
  /** When no sentence uses only known kanji, one whose kanji are taught at most this many levels later may do. */
  fallbackLevels: 60,
} as const;

export interface ContextSentence {
  readonly en: string;
  readonly ja: string;
}

interface Indexed extends SentencePair {
  readonly kanji: readonly string[];
  readonly length: number;
}

export interface SentenceIndex {
  /** Sentences by each kanji they contain, and the kana-only ones. */
  readonly byKanji: ReadonlyMap<string, readonly Indexed[]>;
}

export function indexSentences(pairs: readonly SentencePair[]): SentenceIndex {
  const byKanji = new Map<string, Indexed[]>();
  for (const p of pairs) {
    const kanji = [...new Set(kanjiOf(p.ja))];
    const entry: Indexed = { ...p, kanji, length: chars(p.ja).length };
    if (entry.length < SENTENCE_KNOBS.minLength) continue;
    for (const k of kanji) {
      const list = byKanji.get(k) ?? [];
      list.push(entry);
      byKanji.set(k, list);
    }
  }
  return { byKanji };
}

/** True when `form` occurs in `text` as a whole word: not glued to another kanji on a kanji edge (中 is not in 中心). */
export function containsWord(text: string, form: string): boolean {
  const cs = chars(form);
  const startsKanji = isKanji(cs[0] ?? '');
  const endsKanji = isKanji(cs[cs.length - 1] ?? '');
  let from = 0;
  for (;;) {
    const i = text.indexOf(form, from);
    if (i === -1) return false;
    const before = i > 0 ? text.slice(0, i).slice(-1) : '';
    const after = text.slice(i + form.length, i + form.length + 1);
    if (!(startsKanji && isKanji(before)) && !(endsKanji && (isKanji(after) || after === '々'))) return true;
    from = i + 1;
  }
}

/**
 * Up to SENTENCE_KNOBS.perWord sentences for a word at `level`, shortest first among those whose
 * kanji are all taught by then (kanjiLevel), then among those a few levels ahead.
 */
export function sentencesFor(
  word: string,
  posCodes: readonly string[],
  level: number,
  index: SentenceIndex,
  kanjiLevel: ReadonlyMap<string, number>,
): ContextSentence[] {
  const own = kanjiOf(word);
  const rarest = own.reduce<readonly Indexed[] | undefined>((best, k) => {
    const list = index.byKanji.get(k) ?? [];
    return best === undefined || list.length < best.length ? list : best;
  }, undefined);
  if (!rarest) return [];
  const forms = surfaceForms(word, posCodes).filter((f) => kanjiOf(f).length > 0);
  const needed = (s: Indexed): number => Math.max(0, ...s.kanji.map((k) => kanjiLevel.get(k) ?? Infinity));
  const hits = rarest
    .filter((s) => forms.some((f) => containsWord(s.ja, f)))
    .map((s) => ({ s, over: Math.max(0, needed(s) - level) }))
    .filter((x) => x.over <= SENTENCE_KNOBS.fallbackLevels)
    .sort((a, b) => Number(a.over > 0) - Number(b.over > 0) || a.s.length - b.s.length || cmp(a.s.ja, b.s.ja));
  const out: ContextSentence[] = [];
  const seenEn = new Set<string>();
  for (const { s } of hits) {
    if (out.length >= SENTENCE_KNOBS.perWord) break;
    if (seenEn.has(s.en)) continue;
    seenEn.add(s.en);
    out.push({ en: s.en, ja: s.ja });
  }
  return out;
}
