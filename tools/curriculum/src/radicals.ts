// Radicals are the KanjiVG parts shared by several taught kanji. A kanji's
// radicals are found by walking its tree down to the first shared part on each
// branch, so 語 becomes 言 + 吾 when 吾 is shared, or 言 + 五 + 口 when not.
import type { TreeNode } from './kanjivg.js';
import type { LevelledKanji } from './select-kanji.js';

export const RADICAL_KNOBS = {
  /** A first-level part becomes a radical candidate when this many taught kanji use it. */
  minUses: 2,
} as const;

/**
 * KanjiVG names some parts by a form that looks different from how the part is
 * written inside the kanji (攴 for the 攵 in 教), or uses two glyph variants of
 * one part (辶 in 謎, ⻌ elsewhere). Each maps to the form a learner sees.
 */
export const PART_ALIASES: Readonly<Record<string, string>> = { 攴: '攵', 辶: '⻌' };

const alias = (ch: string): string => PART_ALIASES[ch] ?? ch;

export interface RadicalPlan {
  readonly character: string;
  readonly level: number;
  readonly position: number;
  /** Taught kanji that list it as a component, in curriculum order. */
  readonly kanji: readonly string[];
}

export interface RadicalResult {
  readonly radicals: readonly RadicalPlan[];
  readonly radicalsOf: ReadonlyMap<string, readonly string[]>;
}

export function candidateParts(kanji: readonly LevelledKanji[], trees: ReadonlyMap<string, TreeNode>): Set<string> {
  const uses = new Map<string, number>();
  for (const k of kanji) {
    const parts = new Set(
      (trees.get(k.literal)?.parts ?? []).flatMap((p) => (p.element !== null && p.element !== k.literal ? [alias(p.element)] : [])),
    );
    for (const p of parts) uses.set(p, (uses.get(p) ?? 0) + 1);
  }
  return new Set([...uses].filter(([, n]) => n >= RADICAL_KNOBS.minUses).map(([p]) => p));
}

/** The radicals of one kanji (deduplicated, in tree order). */
export function decompose(literal: string, tree: TreeNode | undefined, candidates: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: TreeNode): void => {
    for (const part of node.parts) {
      if (part.element !== null && part.element !== literal && candidates.has(alias(part.element))) out.push(part.element);
      else if (part.parts.length > 0) walk(part);
      else if (part.element !== null && part.element !== literal) out.push(part.element);
    }
  };
  if (tree) walk(tree);
  const unique = [...new Set(out.map(alias))];
  return unique.length > 0 ? unique : [literal];
}

export function planRadicals(kanji: readonly LevelledKanji[], trees: ReadonlyMap<string, TreeNode>): RadicalResult {
  const candidates = candidateParts(kanji, trees);
  const ordered = [...kanji].sort((a, b) => a.level - b.level || a.position - b.position);
  const radicalsOf = new Map<string, string[]>();
  const firstUse = new Map<string, { level: number; order: number }>();
  const users = new Map<string, string[]>();
  let order = 0;
  for (const k of ordered) {
    const parts = decompose(k.literal, trees.get(k.literal), candidates);
    radicalsOf.set(k.literal, parts);
    for (const p of parts) {
      if (!firstUse.has(p)) firstUse.set(p, { level: k.level, order: order++ });
      const list = users.get(p) ?? [];
      list.push(k.literal);
      users.set(p, list);
    }
  }
  // Radicals are taught in the order the level's kanji first need them.
  const sorted = [...firstUse].sort((a, b) => a[1].level - b[1].level || a[1].order - b[1].order);
  const positionInLevel = new Map<number, number>();
  const radicals = sorted.map(([character, use]) => {
    const position = positionInLevel.get(use.level) ?? 0;
    positionInLevel.set(use.level, position + 1);
    return { character, level: use.level, position, kanji: users.get(character) ?? [] };
  });
  return { radicals, radicalsOf };
}
