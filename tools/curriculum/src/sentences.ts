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
  return wordIndex(text, form) >= 0;
}

interface Hit {
  readonly s: Indexed;
  /** Levels past the word's level the sentence's newest kanji is taught (0 = all known). */
  readonly over: number;
  /** Where the word (or its stem) starts in the sentence. */
  readonly at: number;
}

/** Sentences that contain the word as a whole word, best first: known kanji only, then shortest. */
function matching(
  word: string,
  posCodes: readonly string[],
  level: number,
  index: SentenceIndex,
  kanjiLevel: ReadonlyMap<string, number>,
): Hit[] {
  const own = kanjiOf(word);
  const rarest = own.reduce<readonly Indexed[] | undefined>((best, k) => {
    const list = index.byKanji.get(k) ?? [];
    return best === undefined || list.length < best.length ? list : best;
  }, undefined);
  if (!rarest) return [];
  const forms = surfaceForms(word, posCodes).filter((f) => kanjiOf(f).length > 0);
  const needed = (s: Indexed): number => Math.max(0, ...s.kanji.map((k) => kanjiLevel.get(k) ?? Infinity));
  const hits: Hit[] = [];
  for (const s of rarest) {
    const at = Math.min(...forms.map((f) => wordIndex(s.ja, f)).filter((i) => i >= 0));
    if (!Number.isFinite(at)) continue;
    const over = Math.max(0, needed(s) - level);
    if (over <= SENTENCE_KNOBS.fallbackLevels) hits.push({ s, over, at });
  }
  return hits.sort((a, b) => Number(a.over > 0) - Number(b.over > 0) || a.s.length - b.s.length || cmp(a.s.ja, b.s.ja));
}

/**
 * True when some sentence of the corpus uses the word (or an inflected stem) as a whole word,
 * whatever its kanji: evidence that the word lives in everyday sentences (selection ranks it up).
 */
export function attested(word: string, posCodes: readonly string[], index: SentenceIndex): boolean {
  const own = kanjiOf(word);
  if (own.length === 0) return false;
  const rarest = own.map((k) => index.byKanji.get(k) ?? []).reduce((best, list) => (list.length < best.length ? list : best));
  const forms = surfaceForms(word, posCodes).filter((f) => kanjiOf(f).length > 0);
  return rarest.some((s) => forms.some((f) => wordIndex(s.ja, f) >= 0));
}

/** Index of `form` in `text` as a whole word, or -1 (see containsWord). */
function wordIndex(text: string, form: string): number {
  const cs = chars(form);
  const startsKanji = isKanji(cs[0] ?? '');
  const endsKanji = isKanji(cs[cs.length - 1] ?? '');
  let from = 0;
  for (;;) {
    const i = text.indexOf(form, from);
    if (i === -1) return -1;
    const before = i > 0 ? text.slice(0, i).slice(-1) : '';
    const after = text.slice(i + form.length, i + form.length + 1);
    if (!(startsKanji && isKanji(before)) && !(endsKanji && (isKanji(after) || after === '々'))) return i;
    from = i + 1;
  }
}

/**
 * Up to SENTENCE_KNOBS.perWord sentences for a word at `level`, shortest first among those whose
 * kanji are all taught by then (kanjiLevel), then among those taught later.
 */
export function sentencesFor(
  word: string,
  posCodes: readonly string[],
  level: number,
  index: SentenceIndex,
  kanjiLevel: ReadonlyMap<string, number>,
): ContextSentence[] {
  const out: ContextSentence[] = [];
  const seenEn = new Set<string>();
  for (const { s } of matching(word, posCodes, level, index, kanjiLevel)) {
    if (out.length >= SENTENCE_KNOBS.perWord) break;
    if (seenEn.has(s.en)) continue;
    seenEn.add(s.en);
    out.push({ en: s.en, ja: s.ja });
  }
  return out;
}

export const PATTERN_KNOBS = {
  /** The particles a verb's pattern is built on (〜を食べる, 〜に行く). */
  particles: ['を', 'に', 'が', 'で', 'と', 'へ'],
  /** A pattern needs this many sentences that show it: "where the data supports it". */
  minSentences: 2,
  maxPatterns: 3,
  perPattern: 2,
} as const;

export interface PatternOfUse {
  readonly pattern: string;
  readonly collocations: readonly ContextSentence[];
}

const isVerb = (posCodes: readonly string[]): boolean => posCodes.some((p) => /^v[15k]/.test(p));

/**
 * Patterns of use for a verb, from the particle before it in the sentences that contain it
 * (〜を食べる: the thing eaten), each with sentences that show it, most frequent pattern first.
 */
export function patternsFor(
  word: string,
  posCodes: readonly string[],
  level: number,
  index: SentenceIndex,
  kanjiLevel: ReadonlyMap<string, number>,
): PatternOfUse[] {
  if (!isVerb(posCodes)) return [];
  const byParticle = new Map<string, Hit[]>();
  for (const hit of matching(word, posCodes, level, index, kanjiLevel)) {
    const particle = hit.s.ja.slice(hit.at - 1, hit.at);
    if (!(PATTERN_KNOBS.particles as readonly string[]).includes(particle)) continue;
    byParticle.set(particle, [...(byParticle.get(particle) ?? []), hit]);
  }
  return [...byParticle]
    .filter(([, hits]) => hits.length >= PATTERN_KNOBS.minSentences)
    .sort((a, b) => b[1].length - a[1].length || cmp(a[0], b[0]))
    .slice(0, PATTERN_KNOBS.maxPatterns)
    .map(([particle, hits]) => ({
      pattern: `〜${particle}${word}`,
      collocations: hits.slice(0, PATTERN_KNOBS.perPattern).map(({ s }) => ({ en: s.en, ja: s.ja })),
    }));
}
