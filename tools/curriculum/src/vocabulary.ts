// Vocabulary pool and per-level selection. Words come from EDICT lines whose
// kanji are all taught; JMdict priority (via FreeDict) ranks them.
import type { EdictLine, EdictSense } from './edict.js';
import { priorityRank, type PriorityTable } from './jmdict-priority.js';
import { cleanGloss } from './meanings.js';
import { cmp, kanjiOf } from './text.js';

export const VOCAB_KNOBS = {
  target: 6500,
  /** Rank of a common EDICT line the 2016 priority table does not know. */
  unknownCommonRank: 40,
  /** Senses with these tags are not used for a word's main meaning. */
  badSenseTags: ['arch', 'obs', 'obsc', 'rare', 'vulg', 'X', 'derog'],
} as const;

export interface WordCandidate {
  readonly headword: string;
  /** Accepted readings, primary first. */
  readonly readings: readonly string[];
  readonly senses: readonly EdictSense[];
  readonly rank: number;
  readonly common: boolean;
  readonly kanji: readonly string[];
}

export function lineRank(line: EdictLine, table: PriorityTable): number {
  const p = table.pairs.get(`${line.headword}\t${line.reading}`);
  if (p !== undefined) return p;
  return line.common ? VOCAB_KNOBS.unknownCommonRank : priorityRank(undefined);
}

const glossKey = (s: EdictSense | undefined): string[] => (s?.glosses ?? []).map((g) => cleanGloss(g).toLowerCase());

function usableLine(line: EdictLine, allowUk: boolean): boolean {
  const first = line.senses[0];
  if (!first) return false;
  return !first.misc.some((t) => (t === 'uk' && !allowUk) || (VOCAB_KNOBS.badSenseTags as readonly string[]).includes(t));
}

/**
 * Groups lines by written form. The best-ranked line gives the main reading and
 * senses; another common reading joins only when it shares a gloss (so 日 is
 * ひ "day, sun" and does not pick up にち "Sunday").
 */
export function buildCandidates(
  lines: readonly EdictLine[],
  table: PriorityTable,
  taught: ReadonlySet<string>,
  isDenied: (headword: string) => boolean,
  isAllowed: (headword: string) => boolean,
  /** True when the reading is built from the kanji's dictionary readings; used to pick a one-kanji word's main reading. */
  aligns: (headword: string, reading: string) => boolean,
  allowUk = false,
): WordCandidate[] {
  const groups = new Map<string, { line: EdictLine; rank: number }[]>();
  for (const line of lines) {
    const ks = kanjiOf(line.headword);
    if (ks.length === 0 || !ks.every((k) => taught.has(k)) || isDenied(line.headword)) continue;
    const allowed = isAllowed(line.headword);
    if (!allowed && !usableLine(line, allowUk)) continue;
    const list = groups.get(line.headword) ?? [];
    list.push({ line, rank: lineRank(line, table) - (allowed ? 100 : 0) });
    groups.set(line.headword, list);
  }
  const out: WordCandidate[] = [];
  for (const [headword, list] of groups) {
    // A lone kanji's odd dictionary reading (主 しゅじん) must not become its main one.
    const fits = (l: EdictLine): number => (Array.from(headword).length === 1 && !aligns(headword, l.reading) ? 0 : 1);
    list.sort(
      (a, b) =>
        Number(b.line.common) - Number(a.line.common) ||
        fits(b.line) - fits(a.line) ||
        a.rank - b.rank ||
        b.line.senses.length - a.line.senses.length ||
        cmp(a.line.reading, b.line.reading),
    );
    const best = list[0]!;
    const bestGlosses = new Set(best.line.senses.flatMap((s) => glossKey(s)));
    const readings = [best.line.reading];
    for (const other of list.slice(1)) {
      if (!other.line.common || readings.includes(other.line.reading)) continue;
      if (other.line.senses.flatMap((s) => glossKey(s)).some((g) => bestGlosses.has(g))) readings.push(other.line.reading);
    }
    out.push({
      headword,
      readings,
      senses: best.line.senses,
      rank: best.rank,
      common: best.line.common,
      kanji: [...new Set(kanjiOf(headword))],
    });
  }
  return mergeVariants(out);
}

/** Same reading and identical glosses: keep only the best-ranked written form (お金 over 御金). */
function mergeVariants(cands: WordCandidate[]): WordCandidate[] {
  const byKey = new Map<string, WordCandidate>();
  const sorted = [...cands].sort((a, b) => a.rank - b.rank || a.kanji.length - b.kanji.length || cmp(a.headword, b.headword));
  for (const c of sorted) {
    const key = `${c.readings[0]}|${c.senses.map((s) => glossKey(s).join(';')).join('/')}`;
    if (!byKey.has(key)) byKey.set(key, c);
  }
  return [...byKey.values()];
}

export interface KanjiSlot {
  readonly level: number;
  readonly position: number;
}

export interface ChosenWord {
  readonly word: WordCandidate;
  readonly level: number;
}

const byRank = (a: WordCandidate, b: WordCandidate): number => a.rank - b.rank || cmp(a.headword, b.headword);

/**
 * Per level: first each new kanji's best word of its own (口, 食べる) and its
 * best compound, then the best words whose newest kanji is new in this level,
 * then leftovers of earlier levels, up to the level's share of the target.
 */
export function selectVocabulary(common: readonly WordCandidate[], slots: ReadonlyMap<string, KanjiSlot>): ChosenWord[] {
  const levelOf = (w: WordCandidate): number => Math.max(...w.kanji.map((k) => slots.get(k)?.level ?? Infinity));
  const pool = [...common].filter((w) => Number.isFinite(levelOf(w))).sort(byRank);
  const kanjiByLevel = new Map<number, string[]>();
  for (const [k, s] of [...slots].sort((a, b) => a[1].level - b[1].level || a[1].position - b[1].position)) {
    kanjiByLevel.set(s.level, [...(kanjiByLevel.get(s.level) ?? []), k]);
  }
  const maxLevel = Math.max(...kanjiByLevel.keys());
  const chosen = new Map<string, ChosenWord>();
  const take = (w: WordCandidate, level: number): void => {
    if (!chosen.has(w.headword)) chosen.set(w.headword, { word: w, level });
  };
  for (let level = 1; level <= maxLevel; level++) {
    const newKanji = kanjiByLevel.get(level) ?? [];
    const quota = Math.round((VOCAB_KNOBS.target * newKanji.length) / slots.size);
    const available = pool.filter((w) => levelOf(w) <= level && !chosen.has(w.headword));
    for (const k of newKanji) {
      const own = available.find((w) => w.kanji.length === 1 && w.kanji[0] === k && !chosen.has(w.headword));
      if (own) take(own, level);
      const compound = available.find((w) => w.kanji.length > 1 && w.kanji.includes(k) && !chosen.has(w.headword));
      if (compound) take(compound, level);
    }
    let count = [...chosen.values()].filter((c) => c.level === level).length;
    for (const w of [...available.filter((w) => levelOf(w) === level), ...available.filter((w) => levelOf(w) < level)]) {
      if (count >= quota) break;
      if (chosen.has(w.headword)) continue;
      take(w, level);
      count++;
    }
  }
  return [...chosen.values()];
}

/** Gives every kanji a word when the dictionary has one, from the best remaining candidates (non-common ones last). */
export function fillCoverage(
  chosen: ChosenWord[],
  candidates: readonly WordCandidate[],
  slots: ReadonlyMap<string, KanjiSlot>,
): ChosenWord[] {
  const out = [...chosen];
  const used = new Set(out.map((c) => c.word.headword));
  const covered = new Set(out.flatMap((c) => c.word.kanji));
  const sorted = [...candidates].sort(
    (a, b) => Number(b.common) - Number(a.common) || a.rank - b.rank || a.kanji.length - b.kanji.length || cmp(a.headword, b.headword),
  );
  const kanji = [...slots].sort((a, b) => a[1].level - b[1].level || a[1].position - b[1].position).map(([k]) => k);
  for (const k of kanji) {
    if (covered.has(k)) continue;
    const w = sorted.find((c) => !used.has(c.headword) && c.kanji.includes(k) && c.kanji.every((x) => slots.has(x)));
    if (!w) continue;
    const level = Math.max(...w.kanji.map((x) => slots.get(x)?.level ?? 0));
    out.push({ word: w, level });
    used.add(w.headword);
    for (const x of w.kanji) covered.add(x);
  }
  return out;
}
