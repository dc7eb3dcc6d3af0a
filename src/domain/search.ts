import { isRomaji, toHiragana, toKatakana } from 'wanakana';

/** Longest query searched; longer input is cut, not rejected. */
export const SEARCH_QUERY_MAX_CHARS = 64;
export const SEARCH_LIMIT = { default: 12, max: 30 } as const;

/** Match quality, best first. */
export const enum MatchRank {
  Exact = 0,
  StartsWith = 1,
  Contains = 2,
}

// One character carries meaning only in the ideographic scripts (kanji and the radical blocks).
const IDEOGRAPH = /^[\p{Script=Han}\u2E80-\u2FDF\u31C0-\u31EF]$/u;
const LATIN_LETTER = /[a-z]/;

/** Trims and cuts a raw query to the searchable text (lower-cased: meanings match case-insensitively). */
export function normalizeQuery(raw: string): string {
  return [...raw.trim()].slice(0, SEARCH_QUERY_MAX_CHARS).join('').toLowerCase();
}

/**
 * The strings to search for: the query itself, plus its kana forms when it is romaji (see docs/decisions.md, Search romaji), as a
 * typed reading answer would be converted. A single character searches only when it is an
 * ideograph, so a lone Latin letter (or kana) finds nothing.
 */
export function searchVariants(query: string): string[] {
  if (query === '') return [];
  if ([...query].length === 1 && !IDEOGRAPH.test(query)) return [];
  const variants = new Set([query]);
  if (isRomaji(query)) {
    for (const kana of [toHiragana(query), toKatakana(query)]) {
      // A partial conversion ("tab" -> "たb") is not a reading anyone typed.
      if (!LATIN_LETTER.test(kana)) variants.add(kana);
    }
  }
  return [...variants];
}

/** The best rank of a stored term against any variant, or null when it does not match. */
export function rankTerm(term: string, variants: readonly string[]): MatchRank | null {
  let best: MatchRank | null = null;
  for (const v of variants) {
    const rank = term === v ? MatchRank.Exact : term.startsWith(v) ? MatchRank.StartsWith : term.includes(v) ? MatchRank.Contains : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

export interface RankedSubject {
  id: number;
  level: number;
  rank: MatchRank;
}

/** Exact before starts-with before contains; lower level first within each; then id. */
export function compareRanked(a: RankedSubject, b: RankedSubject): number {
  return a.rank - b.rank || a.level - b.level || a.id - b.id;
}

/** The `limit` parameter: default 12, capped at 30. */
export function searchLimit(requested: number | undefined): number {
  if (requested === undefined) return SEARCH_LIMIT.default;
  return Math.min(Math.max(requested, 1), SEARCH_LIMIT.max);
}
