// Vocabulary pool and per-level placement. Words come from EDICT lines whose kanji are all taught;
// they are ranked by how often they are used (frequency.ts) and placed at the level of their newest
// kanji when they are core words, otherwise as soon as a level has room, never more than
// VOCAB_KNOBS.maxGap levels after their newest kanji (a word that never finds room is left out).
import { CurationError } from './curation.js';
import type { EdictLine, EdictSense } from './edict.js';
import { wordZipf } from './frequency.js';
import type { PairInfo, PriorityTable } from './jmdict-priority.js';
import { cleanGloss } from './meanings.js';
import { chars, cmp, kanjiOf } from './text.js';

export const VOCAB_KNOBS = {
  /** Words a level can take: base + perLevel × level (level 1: 52, level 60: 158), so later levels, with rarer kanji, get more words. */
  capacityBase: 50,
  capacityPerLevel: 1.8,
  /** A word waits at most this many levels after its newest kanji; past that it is too rare to teach. */
  maxGap: 10,
  /** Words used less than this (Zipf) are not taught unless they are core words or a kanji's only word. */
  minZipf: 3.2,
  /** JLPT levels whose words are placed at the level of their newest kanji, whatever the room. */
  coreJlptLevels: [5, 4] as readonly number[],
  /** Score bonus by JLPT level (5 = N5): the community lists also say what learners meet first. */
  jlptBonus: { 5: 0.8, 4: 0.5, 3: 0.25, 2: 0.1, 1: 0 } as Readonly<Record<number, number>>,
  /**
   * Score bonus (Zipf) for a word the sentence corpus uses: a word met in everyday example
   * sentences is worth more to a learner than an equally frequent one met only in print, and it
   * comes with context sentences. Words used at least `sentenceBonusAlwaysFrom` (Zipf) get it
   * anyway: the corpus is small (about 46,000 sentences), so its silence says little about a common word
   * (参考, 表示).
   */
  sentenceBonus: 0.3,
  sentenceBonusAlwaysFrom: 4.5,
  /** Senses with these tags are not used for a word's main meaning. */
  badSenseTags: ['arch', 'obs', 'obsc', 'rare', 'vulg', 'X', 'derog'],
} as const;

export interface WordCandidate {
  readonly headword: string;
  /** Accepted readings, primary first. */
  readonly readings: readonly string[];
  readonly senses: readonly EdictSense[];
  readonly common: boolean;
  readonly kanji: readonly string[];
  /** How often the word is used (Zipf). */
  readonly zipf: number;
  /** JLPT level of the headword with its primary reading in the community list (5 = N5), or null. */
  readonly jlpt: number | null;
  /** Selection order: higher first. */
  readonly score: number;
  /** Listed in vocabulary-deny-allow.tsv as a word to teach: placed with its newest kanji. */
  readonly allowed: boolean;
}

export interface CandidateContext {
  readonly table: PriorityTable;
  readonly wordfreq: ReadonlyMap<string, number>;
  /** JLPT level by `${word}\t${reading}`. */
  readonly jlpt: ReadonlyMap<string, number>;
  readonly taught: ReadonlySet<string>;
  readonly isDenied: (headword: string) => boolean;
  readonly isAllowed: (headword: string) => boolean;
  /** True when the reading is built from the kanji's dictionary readings; used to pick a one-kanji word's main reading. */
  readonly aligns: (headword: string, reading: string) => boolean;
  /** The main reading chosen by hand (curation/vocabulary-readings.tsv), if any. */
  readonly chosenReading: (headword: string) => string | undefined;
  /** True when the sentence corpus uses the word (sentences.ts, attested). */
  readonly attested: (headword: string, posCodes: readonly string[]) => boolean;
}

const glossKey = (s: EdictSense | undefined): string[] => (s?.glosses ?? []).map((g) => cleanGloss(g).toLowerCase());

function usableLine(line: EdictLine, allowUk: boolean): boolean {
  const first = line.senses[0];
  if (!first) return false;
  return !first.misc.some((t) => (t === 'uk' && !allowUk) || (VOCAB_KNOBS.badSenseTags as readonly string[]).includes(t));
}

const NO_PAIR: PairInfo = {
  formTags: { nf: null, tags: [] },
  formRank: 60,
  readingRank: 60,
  formIndex: 9,
  readingIndex: 9,
  irregular: true,
};

/**
 * Orders the lines of one written form: common first, then the reading the JLPT list names, then
 * JMdict's own order (the entry the form heads, then its first reading: 本 ほん before もと, 今日
 * きょう before こんにち), then priority tags.
 */
function lineOrder(headword: string, ctx: CandidateContext) {
  const pair = (l: EdictLine): PairInfo => ctx.table.pairs.get(`${headword}\t${l.reading}`) ?? NO_PAIR;
  // A lone kanji's odd dictionary reading (主 しゅじん) must not become its main one.
  const fits = (l: EdictLine): number => (chars(headword).length === 1 && !ctx.aligns(headword, l.reading) ? 0 : 1);
  const chosen = ctx.chosenReading(headword);
  return (a: EdictLine, b: EdictLine): number => {
    const pa = pair(a);
    const pb = pair(b);
    return (
      Number(b.reading === chosen) - Number(a.reading === chosen) ||
      Number(b.common) - Number(a.common) ||
      fits(b) - fits(a) ||
      (ctx.jlpt.get(`${headword}\t${b.reading}`) ?? 0) - (ctx.jlpt.get(`${headword}\t${a.reading}`) ?? 0) ||
      Number(pa.irregular) - Number(pb.irregular) ||
      pa.formIndex - pb.formIndex ||
      pa.readingIndex - pb.readingIndex ||
      pa.formRank - pb.formRank ||
      pa.readingRank - pb.readingRank ||
      b.senses.length - a.senses.length ||
      cmp(a.reading, b.reading)
    );
  };
}

/**
 * Groups lines by written form. The first line in lineOrder gives the main reading and senses;
 * another common reading joins only when it shares a gloss (so 日 is ひ "day, sun" and does not
 * pick up にち "Sunday").
 */
export function buildCandidates(lines: readonly EdictLine[], ctx: CandidateContext, allowUk = false): WordCandidate[] {
  const groups = new Map<string, EdictLine[]>();
  for (const line of lines) {
    const ks = kanjiOf(line.headword);
    if (ks.length === 0 || !ks.every((k) => ctx.taught.has(k)) || ctx.isDenied(line.headword)) continue;
    if (!ctx.isAllowed(line.headword) && !usableLine(line, allowUk)) continue;
    const list = groups.get(line.headword) ?? [];
    list.push(line);
    groups.set(line.headword, list);
  }
  const out: WordCandidate[] = [];
  for (const [headword, list] of groups) {
    list.sort(lineOrder(headword, ctx));
    const best = list[0]!;
    const chosen = ctx.chosenReading(headword);
    if (chosen !== undefined && best.reading !== chosen)
      throw new CurationError(`vocabulary-readings.tsv: ${headword} has no dictionary line read ${chosen}`);
    const bestGlosses = new Set(best.senses.flatMap((s) => glossKey(s)));
    const readings = [best.reading];
    for (const other of list.slice(1)) {
      if (!other.common || readings.includes(other.reading)) continue;
      if (other.senses.flatMap((s) => glossKey(s)).some((g) => bestGlosses.has(g))) readings.push(other.reading);
    }
    const pos = best.senses.flatMap((s) => s.pos);
    const zipf = wordZipf(headword, pos, ctx.wordfreq, ctx.table.pairs.get(`${headword}\t${best.reading}`));
    const jlpt = ctx.jlpt.get(`${headword}\t${best.reading}`) ?? null;
    const allowed = ctx.isAllowed(headword);
    out.push({
      headword,
      readings,
      senses: best.senses,
      common: best.common,
      kanji: [...new Set(kanjiOf(headword))],
      zipf,
      jlpt,
      score:
        zipf +
        (jlpt === null ? 0 : (VOCAB_KNOBS.jlptBonus[jlpt] ?? 0)) +
        (zipf >= VOCAB_KNOBS.sentenceBonusAlwaysFrom || ctx.attested(headword, pos) ? VOCAB_KNOBS.sentenceBonus : 0),
      allowed,
    });
  }
  return mergeVariants(out);
}

const byScore = (a: WordCandidate, b: WordCandidate): number => b.score - a.score || cmp(a.headword, b.headword);

/** The word written with one kanji and hiragana okurigana only (山, 引く, 赤い, 食べる), not シャボン玉. */
export const isOwnWord = (w: WordCandidate): boolean => /^[\p{Script=Han}][\u3041-\u309f]*$/u.test(w.headword);

const isCore = (c: WordCandidate): boolean => c.jlpt !== null && VOCAB_KNOBS.coreJlptLevels.includes(c.jlpt);

/**
 * Same reading and identical glosses: keep only the best-scored written form (お金 over 御金),
 * except that a spelling the JLPT N5/N4 lists name is always kept (速い next to 早い), and so is a
 * kanji's own word (玉 next to 球 and 弾, all たま "ball").
 */
function mergeVariants(cands: WordCandidate[]): WordCandidate[] {
  const byKey = new Map<string, WordCandidate>();
  const kept: WordCandidate[] = [];
  for (const c of [...cands].sort((a, b) => byScore(a, b) || a.kanji.length - b.kanji.length)) {
    const key = `${c.readings[0]}|${c.senses.map((s) => glossKey(s).join(';')).join('/')}`;
    if (!byKey.has(key)) byKey.set(key, c);
    else if (isCore(c) || isOwnWord(c)) kept.push(c);
  }
  return [...byKey.values(), ...kept];
}

export interface KanjiSlot {
  readonly level: number;
  readonly position: number;
}

export interface ChosenWord {
  readonly word: WordCandidate;
  readonly level: number;
}

export function levelCapacity(level: number): number {
  return Math.round(VOCAB_KNOBS.capacityBase + VOCAB_KNOBS.capacityPerLevel * level);
}

/**
 * Places words level by level. Core words (JLPT N5/N4 by the community list, and each kanji's own
 * word when it is in real use) go to the level of their newest kanji. Each level then fills up to
 * its capacity with the most used words whose kanji are all taught, preferring none by age, so a
 * word waits only while more useful words take the room; one still waiting maxGap levels after its
 * newest kanji is dropped.
 */
export function selectVocabulary(common: readonly WordCandidate[], slots: ReadonlyMap<string, KanjiSlot>): ChosenWord[] {
  const newest = (w: WordCandidate): number => Math.max(...w.kanji.map((k) => slots.get(k)?.level ?? Infinity));
  const pool = common.filter((w) => Number.isFinite(newest(w))).sort(byScore);
  const chosen = new Map<string, ChosenWord>();
  const take = (w: WordCandidate, level: number): void => {
    if (!chosen.has(w.headword)) chosen.set(w.headword, { word: w, level });
  };
  const ownTaken = new Set<string>();
  for (const w of pool) {
    const core = isCore(w) || w.allowed;
    // Every kanji's best word of its own (玉, 引く, 赤い) comes with the kanji: it is the word the kun reading lives in.
    const own = isOwnWord(w) && !ownTaken.has(w.kanji[0]!);
    if (own) ownTaken.add(w.kanji[0]!);
    if (core || own) take(w, newest(w));
  }
  const maxLevel = Math.max(...[...slots.values()].map((s) => s.level));
  for (let level = 1; level <= maxLevel; level++) {
    let count = [...chosen.values()].filter((c) => c.level === level).length;
    for (const w of pool) {
      if (count >= levelCapacity(level)) break;
      const k = newest(w);
      if (chosen.has(w.headword) || k > level || level - k > VOCAB_KNOBS.maxGap || w.zipf < VOCAB_KNOBS.minZipf) continue;
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
  const sorted = [...candidates].sort((a, b) => Number(b.common) - Number(a.common) || byScore(a, b) || a.kanji.length - b.kanji.length);
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
