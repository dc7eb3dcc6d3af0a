// Chooses the kanji pool and slices it into 60 levels: common, simple kanji
// first, with a kanji's own component kanji pulled just ahead of it when they
// are not much rarer (so 口 comes before 右, but 乙 is not dragged to level 1).
import type { KanjidicEntry } from './kanjidic.js';
import type { TreeNode } from './kanjivg.js';
import { cmp } from './text.js';

/** 2010 Jōyō forms that EDICT (2021) writes with the older, common printed form. */
export const JOYO_VARIANTS: Readonly<Record<string, string>> = { 塡: '填', 頰: '頬', '𠮟': '叱', 剝: '剥' };

export const KANJI_KNOBS = {
  /** Weights of the four percentile scores (lower score = earlier). */
  weights: { grade: 0.35, jlpt: 0.25, freq: 0.3, strokes: 0.1 },
  /** A component kanji is pulled ahead of its user only if it would come at most this many places later. */
  pullWindow: 300,
  levels: 60,
  /** Sizes of the first levels; the rest share the remaining kanji evenly. */
  firstLevelSizes: [18, 27, 29],
} as const;

export interface PoolKanji {
  readonly literal: string;
  /** The KANJIDIC entry the readings and meanings come from (the Jōyō form's entry for variants). */
  readonly entry: KanjidicEntry;
  readonly grade: number;
  readonly freq: number | null;
  readonly jlpt: number | null;
  readonly commonWords: number;
}

export interface LevelledKanji extends PoolKanji {
  readonly level: number;
  readonly position: number;
}

/** Jōyō kanji (grade 1–8) with the variant mapping applied. */
export function joyoKanji(kanjidic: ReadonlyMap<string, KanjidicEntry>, jlpt: ReadonlyMap<string, number>): PoolKanji[] {
  const out: PoolKanji[] = [];
  for (const entry of kanjidic.values()) {
    if (entry.grade === null || entry.grade > 8) continue;
    const literal = JOYO_VARIANTS[entry.literal] ?? entry.literal;
    const variant = kanjidic.get(literal);
    out.push({
      literal,
      entry: { ...entry, literal },
      grade: entry.grade,
      freq: entry.freq ?? variant?.freq ?? null,
      jlpt: jlpt.get(entry.literal) ?? jlpt.get(literal) ?? null,
      commonWords: 0,
    });
  }
  return out.sort((a, b) => cmp(a.literal, b.literal));
}

function percentiles(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out = new Array<number>(values.length).fill(0);
  // Ties share the percentile of their first member so the score ignores input order.
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = i / Math.max(1, values.length - 1);
    i = j + 1;
  }
  return out;
}

/** Every Jōyō kanji is taught (so no word needs a mixed-script spelling); the count of common words orders the rare ones. */
export function withCommonWords(joyo: readonly PoolKanji[], commonWords: ReadonlyMap<string, number>): PoolKanji[] {
  return joyo.map((k) => ({ ...k, commonWords: commonWords.get(k.literal) ?? 0 }));
}

export function scoreOrder(pool: readonly PoolKanji[]): PoolKanji[] {
  const w = KANJI_KNOBS.weights;
  const grade = percentiles(pool.map((k) => (k.grade === 8 ? 7 : k.grade)));
  const jlpt = percentiles(pool.map((k) => (k.jlpt === null ? 6 : 6 - k.jlpt)));
  const freq = percentiles(pool.map((k) => (k.freq ?? 2600) + (k.commonWords === 0 ? 1000 : 0)));
  const strokes = percentiles(pool.map((k) => k.entry.strokes));
  const scored = pool.map((k, i) => ({
    k,
    s: w.grade * grade[i]! + w.jlpt * jlpt[i]! + w.freq * freq[i]! + w.strokes * strokes[i]!,
  }));
  return scored.sort((a, b) => a.s - b.s || cmp(a.k.literal, b.k.literal)).map((x) => x.k);
}

function firstLevelParts(tree: TreeNode | undefined): string[] {
  return (tree?.parts ?? []).flatMap((p) => (p.element !== null ? [p.element] : []));
}

/** Places component kanji before their users when they are close enough in the order. */
export function dependencyOrder(sorted: readonly PoolKanji[], trees: ReadonlyMap<string, TreeNode>): PoolKanji[] {
  const index = new Map(sorted.map((k, i) => [k.literal, i]));
  const byLiteral = new Map(sorted.map((k) => [k.literal, k]));
  const placed = new Set<string>();
  const out: PoolKanji[] = [];
  const place = (k: PoolKanji, at: number, stack: Set<string>): void => {
    if (placed.has(k.literal) || stack.has(k.literal)) return;
    stack.add(k.literal);
    for (const part of firstLevelParts(trees.get(k.literal))) {
      const dep = byLiteral.get(part);
      const depIndex = index.get(part);
      if (dep && depIndex !== undefined && depIndex - at <= KANJI_KNOBS.pullWindow) place(dep, at, stack);
    }
    placed.add(k.literal);
    out.push(k);
  };
  sorted.forEach((k, i) => place(k, i, new Set()));
  return out;
}

export function levelSizes(total: number): number[] {
  const first = [...KANJI_KNOBS.firstLevelSizes];
  const restLevels = KANJI_KNOBS.levels - first.length;
  const rest = total - first.reduce((a, b) => a + b, 0);
  const base = Math.floor(rest / restLevels);
  const extra = rest - base * restLevels;
  // The levels that take one extra kanji are the earliest of the even block.
  return [...first, ...Array.from({ length: restLevels }, (_, i) => base + (i < extra ? 1 : 0))];
}

export function sliceLevels(ordered: readonly PoolKanji[]): LevelledKanji[] {
  const sizes = levelSizes(ordered.length);
  const out: LevelledKanji[] = [];
  let i = 0;
  sizes.forEach((size, l) => {
    for (let p = 0; p < size && i < ordered.length; p++, i++) out.push({ ...ordered[i]!, level: l + 1, position: p });
  });
  return out;
}
