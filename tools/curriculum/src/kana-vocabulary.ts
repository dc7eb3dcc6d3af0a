// Kana vocabulary: common words written in kana alone, either kana-only headwords or words EDICT
// marks "usually written in kana" (uk). Ranked by how often they are used (wordfreq), so the
// demonstratives, question words, common adverbs and loanwords come first; most of them are taught
// in the first levels, where a beginner needs them.
import type { EdictLine, EdictSense } from './edict.js';
import { wordZipf } from './frequency.js';
import type { PriorityTable } from './jmdict-priority.js';
import { cmp, isKatakana, chars } from './text.js';
import { VOCAB_KNOBS } from './vocabulary.js';

export const KANA_KNOBS = {
  /**
   * How many kana words are taught, and how many of them in the first `earlyLevels` levels: the
   * most used 135 (the demonstratives, question words, common adverbs and adjectives, everyday
   * loanwords) are what a beginner needs first; the rest are spread over the later levels.
   */
  count: 150,
  early: 135,
  earlyLevels: 10,
  levels: 60,
  /**
   * Score bonus (Zipf) by JLPT level, smaller than for kanji words: frequency ranks the kana words,
   * and every N5 one is placed early anyway (selectKana).
   */
  jlptBonus: { 5: 0.3, 4: 0.15 } as Readonly<Record<number, number>>,
  /** A JLPT N5 kana word used at least this much (Zipf) is always taught (ゆっくり); rarer N5 loanwords (ラジカセ) compete. */
  everydayN5Zipf: 4.8,
  minLength: 2,
  /** Function words are not quizzable on meaning; a word whose first sense is only these is skipped. */
  skipPos: ['prt', 'aux', 'aux-v', 'aux-adj', 'cop', 'cop-da', 'suf', 'pref', 'unc', 'conj'],
} as const;

export interface KanaCandidate {
  readonly kana: string;
  readonly senses: readonly EdictSense[];
  readonly zipf: number;
  readonly jlpt: number | null;
  readonly score: number;
  /** The kanji form EDICT lists for a (uk) word, or null for kana-only headwords. */
  readonly kanjiForm: string | null;
  /** Listed in vocabulary-deny-allow.tsv as a word to teach: always among the chosen, ranked by its own score. */
  readonly allowed: boolean;
}

/** A first gloss that starts with a capital (and is not an acronym) names a place, person or brand. */
export function looksLikeProperName(sense: EdictSense | undefined): boolean {
  const g = sense?.glosses[0] ?? '';
  return /^[A-Z][a-z]/.test(g) && !/^(OK|TV)\b/.test(g);
}

export interface KanaContext {
  readonly table: PriorityTable;
  readonly wordfreq: ReadonlyMap<string, number>;
  /** JLPT level by `${word}\t${reading}` (a kana word is listed under its kana or its kanji spelling). */
  readonly jlpt: ReadonlyMap<string, number>;
  readonly isDenied: (kana: string) => boolean;
  readonly isAllowed: (kana: string) => boolean;
}

export function buildKanaCandidates(lines: readonly EdictLine[], ctx: KanaContext): KanaCandidate[] {
  const best = new Map<string, KanaCandidate>();
  const kanaScore = new Map<string, number>();
  // A kanji spelling read only this way is the same word (綺麗 きれい), so its uses count too; one
  // with other readings is mostly another word (僕 is ぼく far more often than しもべ).
  const readingsOf = new Map<string, Set<string>>();
  for (const l of lines) readingsOf.set(l.headword, (readingsOf.get(l.headword) ?? new Set()).add(l.reading));
  for (const line of lines) {
    const first = line.senses[0];
    if (!first) continue;
    const kanaOnly = chars(line.headword).every((c) => !/\p{Script=Han}/u.test(c));
    const uk = !kanaOnly && first.misc.includes('uk');
    if (!kanaOnly && !uk) continue;
    const kana = line.reading;
    const allowed = ctx.isAllowed(kana);
    const jlpt = ctx.jlpt.get(`${kana}\t${kana}`) ?? (kanaOnly ? null : (ctx.jlpt.get(`${line.headword}\t${kana}`) ?? null));
    if (!allowed) {
      // EDICT's "common" mark misses some everyday words (迚も とても); the JLPT lists vouch for them.
      if ((!line.common && jlpt === null) || ctx.isDenied(kana) || chars(kana).length < KANA_KNOBS.minLength) continue;
      if (first.pos.length === 0 || first.pos.every((p) => (KANA_KNOBS.skipPos as readonly string[]).includes(p))) continue;
      if (first.misc.some((t) => (VOCAB_KNOBS.badSenseTags as readonly string[]).includes(t))) continue;
      if (looksLikeProperName(first)) continue;
    }
    const pair = ctx.table.pairs.get(kanaOnly ? `\t${kana}` : `${line.headword}\t${kana}`);
    const sameWord = !kanaOnly && readingsOf.get(line.headword)?.size === 1;
    const kanaZipf = wordZipf(kana, first.pos, ctx.wordfreq, pair);
    const zipf = sameWord ? wordZipf(kana, first.pos, ctx.wordfreq, pair, [line.headword]) : kanaZipf;
    const bonus = jlpt === null ? 0 : (KANA_KNOBS.jlptBonus[jlpt] ?? 0);
    const score = zipf + bonus;
    const cand: KanaCandidate = { kana, senses: line.senses, zipf, jlpt, score, kanjiForm: kanaOnly ? null : line.headword, allowed };
    const prev = best.get(kana);
    // A kana-only headword is the word itself; a uk line only when no kana-only line exists. Between
    // uk lines the kana spelling's own uses decide (the first line on a tie: 居る before 要る), not
    // the uses of a kanji spelling only one of them has.
    if (
      !prev ||
      (prev.kanjiForm !== null && cand.kanjiForm === null) ||
      (prev.kanjiForm !== null && cand.kanjiForm !== null && kanaZipf + bonus > (kanaScore.get(kana) ?? 0))
    ) {
      best.set(kana, { ...cand, zipf: Math.max(zipf, prev?.zipf ?? 0), score: Math.max(score, prev?.score ?? 0) });
      kanaScore.set(kana, kanaZipf + bonus);
    } else {
      best.set(kana, { ...prev, zipf: Math.max(zipf, prev.zipf), score: Math.max(score, prev.score) });
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.kana.length - b.kana.length || cmp(a.kana, b.kana));
}

export interface ChosenKana {
  readonly word: KanaCandidate;
  readonly level: number;
  readonly position: number;
}

const byScore = (a: KanaCandidate, b: KanaCandidate): number => b.score - a.score || a.kana.length - b.kana.length || cmp(a.kana, b.kana);

/**
 * The best `count` words. The JLPT N5 ones and the most used others, `early` in all, go over levels
 * 1–10 (a beginner's list: つまらない and おじいさん belong there although the web uses them less
 * than なんか); the rest are spread over the later levels. Levels follow the score.
 */
export function selectKana(cands: readonly KanaCandidate[], kanjiVocabulary: ReadonlySet<string>): ChosenKana[] {
  // Always taught: allowed words, the JLPT N5 words usually written in kana whose kanji spelling is
  // not taught as vocabulary (幾ら いくら; 美味しい is), and the N5 kana words in everyday use
  // (ゆっくり). The rest of the room goes to the most used.
  const listedKanaWord = (c: KanaCandidate): boolean =>
    c.jlpt === 5 && (c.kanjiForm !== null ? !kanjiVocabulary.has(c.kanjiForm) : c.zipf >= KANA_KNOBS.everydayN5Zipf);
  const allowed = cands.filter((c) => c.allowed || listedKanaWord(c));
  const allowedSet = new Set(allowed);
  const top = [...allowed, ...cands.filter((c) => !allowedSet.has(c)).slice(0, KANA_KNOBS.count - allowed.length)].sort(byScore);
  const n5 = top.filter((c) => c.jlpt === 5);
  const n5Set = new Set(n5);
  const early = [...n5, ...top.filter((c) => !n5Set.has(c)).slice(0, Math.max(0, KANA_KNOBS.early - n5.length))].sort(byScore);
  const earlySet = new Set(early);
  const late = top.filter((c) => !earlySet.has(c));
  const positions = new Map<number, number>();
  const lateLevels = KANA_KNOBS.levels - KANA_KNOBS.earlyLevels;
  const place = (word: KanaCandidate, level: number): ChosenKana => {
    const position = positions.get(level) ?? 0;
    positions.set(level, position + 1);
    return { word, level, position };
  };
  return [
    ...early.map((w, i) => place(w, Math.floor((i * KANA_KNOBS.earlyLevels) / early.length) + 1)),
    ...late.map((w, i) => place(w, KANA_KNOBS.earlyLevels + 1 + Math.floor((i * lateLevels) / Math.max(1, late.length)))),
  ];
}

export const isKatakanaWord = (s: string): boolean => chars(s).every((c) => isKatakana(c));
