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
  /** How many kana words are taught, and how many of them in the first `earlyLevels` levels. */
  count: 150,
  early: 100,
  earlyLevels: 10,
  levels: 60,
  minLength: 2,
  /** Score bonus for an allowed word (an N5/N4 word usually written in kana): it is taught anyway; this brings it into the early levels. */
  allowedBonus: 1,
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
  for (const line of lines) {
    const first = line.senses[0];
    if (!first) continue;
    const kanaOnly = chars(line.headword).every((c) => !/\p{Script=Han}/u.test(c));
    const uk = !kanaOnly && first.misc.includes('uk');
    if (!kanaOnly && !uk) continue;
    const kana = line.reading;
    const allowed = ctx.isAllowed(kana);
    if (!allowed) {
      if (!line.common || ctx.isDenied(kana) || chars(kana).length < KANA_KNOBS.minLength) continue;
      if (first.pos.length === 0 || first.pos.every((p) => (KANA_KNOBS.skipPos as readonly string[]).includes(p))) continue;
      if (first.misc.some((t) => (VOCAB_KNOBS.badSenseTags as readonly string[]).includes(t))) continue;
      if (looksLikeProperName(first)) continue;
    }
    const pair = ctx.table.pairs.get(kanaOnly ? `\t${kana}` : `${line.headword}\t${kana}`);
    const zipf = wordZipf(kana, first.pos, ctx.wordfreq, pair);
    const jlpt = ctx.jlpt.get(`${kana}\t${kana}`) ?? (kanaOnly ? null : (ctx.jlpt.get(`${line.headword}\t${kana}`) ?? null));
    const score = zipf + (jlpt === null ? 0 : (VOCAB_KNOBS.jlptBonus[jlpt] ?? 0)) + (allowed ? KANA_KNOBS.allowedBonus : 0);
    const cand: KanaCandidate = { kana, senses: line.senses, zipf, jlpt, score, kanjiForm: kanaOnly ? null : line.headword, allowed };
    const prev = best.get(kana);
    // A kana-only headword is the word itself; a uk line only when no kana-only line exists.
    if (
      !prev ||
      (prev.kanjiForm !== null && cand.kanjiForm === null) ||
      (prev.kanjiForm !== null && cand.kanjiForm !== null && cand.score > prev.score)
    ) {
      best.set(kana, cand);
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score || a.kana.length - b.kana.length || cmp(a.kana, b.kana));
}

export interface ChosenKana {
  readonly word: KanaCandidate;
  readonly level: number;
  readonly position: number;
}

/** The best `count` words: the first `early` of them over levels 1–10, the rest spread over the later levels. */
export function selectKana(cands: readonly KanaCandidate[]): ChosenKana[] {
  // Allowed words are always taught; the rest of the room goes to the most used. Levels follow the score.
  const allowed = cands.filter((c) => c.allowed);
  const allowedSet = new Set(allowed);
  const top = [...allowed, ...cands.filter((c) => !allowedSet.has(c)).slice(0, KANA_KNOBS.count - allowed.length)].sort(
    (a, b) => b.score - a.score || a.kana.length - b.kana.length || cmp(a.kana, b.kana),
  );
  const positions = new Map<number, number>();
  const lateLevels = KANA_KNOBS.levels - KANA_KNOBS.earlyLevels;
  return top.map((word, i) => {
    const level =
      i < KANA_KNOBS.early
        ? Math.floor((i * KANA_KNOBS.earlyLevels) / KANA_KNOBS.early) + 1
        : KANA_KNOBS.earlyLevels + 1 + Math.floor(((i - KANA_KNOBS.early) * lateLevels) / Math.max(1, top.length - KANA_KNOBS.early));
    const position = positions.get(level) ?? 0;
    positions.set(level, position + 1);
    return { word, level, position };
  });
}

export const isKatakanaWord = (s: string): boolean => chars(s).every((c) => isKatakana(c));
