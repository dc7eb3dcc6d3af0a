// Kana vocabulary: common words written in kana alone, either kana-only
// headwords or words EDICT marks "usually written in kana" (uk).
import type { EdictLine, EdictSense } from './edict.js';
import type { PriorityTable } from './jmdict-priority.js';
import { cmp, isAllKana, isKatakana, chars } from './text.js';
import { VOCAB_KNOBS } from './vocabulary.js';

export const KANA_KNOBS = {
  count: 400,
  levels: 60,
  minLength: 2,
  /** Katakana words share the few frequency bands, so without a cap they crowd out hiragana words. */
  maxKatakana: 200,
  /** Function words are not quizzable on meaning; a word whose first sense is only these is skipped. */
  skipPos: ['prt', 'aux', 'aux-v', 'aux-adj', 'cop', 'cop-da', 'suf', 'pref', 'unc'],
} as const;

export interface KanaCandidate {
  readonly kana: string;
  readonly senses: readonly EdictSense[];
  readonly rank: number;
  /** The kanji form EDICT lists for a (uk) word, or null for kana-only headwords. */
  readonly kanjiForm: string | null;
}

/** A first gloss that starts with a capital (and is not an acronym) names a place, person or brand. */
export function looksLikeProperName(sense: EdictSense | undefined): boolean {
  const g = sense?.glosses[0] ?? '';
  return /^[A-Z][a-z]/.test(g) && !/^(OK|TV)\b/.test(g);
}

export function buildKanaCandidates(
  lines: readonly EdictLine[],
  table: PriorityTable,
  isDenied: (kana: string) => boolean,
  isAllowed: (kana: string) => boolean,
): KanaCandidate[] {
  const best = new Map<string, KanaCandidate>();
  for (const line of lines) {
    const first = line.senses[0];
    if (!first) continue;
    const kanaOnly = isAllKana(line.headword);
    const uk = !kanaOnly && first.misc.includes('uk');
    if (!kanaOnly && !uk) continue;
    const kana = line.reading;
    const allowed = isAllowed(kana);
    if (!allowed) {
      if (!line.common || isDenied(kana) || chars(kana).length < KANA_KNOBS.minLength) continue;
      if (first.pos.length === 0 || first.pos.every((p) => (KANA_KNOBS.skipPos as readonly string[]).includes(p))) continue;
      if (first.misc.some((t) => (VOCAB_KNOBS.badSenseTags as readonly string[]).includes(t))) continue;
      if (looksLikeProperName(first)) continue;
    }
    const p = table.pairs.get(kanaOnly ? `\t${kana}` : `${line.headword}\t${kana}`);
    const rank = (p ?? VOCAB_KNOBS.unknownCommonRank) - (allowed ? 100 : 0);
    const cand: KanaCandidate = { kana, senses: line.senses, rank, kanjiForm: kanaOnly ? null : line.headword };
    const prev = best.get(kana);
    if (!prev || rank < prev.rank || (rank === prev.rank && prev.kanjiForm !== null && cand.kanjiForm === null)) best.set(kana, cand);
  }
  // Ties in rank are common among loanwords; shorter words are usually the more basic ones.
  return [...best.values()].sort((a, b) => a.rank - b.rank || a.kana.length - b.kana.length || cmp(a.kana, b.kana));
}

export interface ChosenKana {
  readonly word: KanaCandidate;
  readonly level: number;
  readonly position: number;
}

/** The best `count` words, spread evenly over the levels in rank order. */
export function selectKana(cands: readonly KanaCandidate[]): ChosenKana[] {
  const top: KanaCandidate[] = [];
  let katakana = 0;
  for (const c of cands) {
    if (top.length >= KANA_KNOBS.count) break;
    const kata = isKatakanaWord(c.kana);
    if (kata && katakana >= KANA_KNOBS.maxKatakana) continue;
    if (kata) katakana++;
    top.push(c);
  }
  const positions = new Map<number, number>();
  return top.map((word, i) => {
    const level = Math.floor((i * KANA_KNOBS.levels) / top.length) + 1;
    const position = positions.get(level) ?? 0;
    positions.set(level, position + 1);
    return { word, level, position };
  });
}

export const isKatakanaWord = (s: string): boolean => chars(s).every((c) => isKatakana(c));
