// Turns dictionary glosses into quiz answers: short, Title Case, deduplicated.

const SMALL_WORDS = new Set(['a', 'an', 'the', 'of', 'in', 'on', 'at', 'for', 'and', 'or', 'by', 'with', 'as', 'into', 'from', 'to']);

/** Title Case like the reference data ("One", "To Eat", "First-Year Student"); acronyms and mixed case stay. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => {
      if (word.length === 0) return word;
      if (i > 0 && SMALL_WORDS.has(word)) return word;
      if (/[A-Z]/.test(word)) return word; // OK, TV, Japan, McDonald's
      return word
        .split('-')
        .map((part) => (part.length > 0 ? part[0]!.toUpperCase() + part.slice(1) : part))
        .join('-');
    })
    .join(' ');
}

/** Dictionary notation that is no answer a learner would type: "...", "Usu.", "(P)", "one's", "etc.". */
export const NOTATION = /\.\.\.|…|\busu\.|\(P\)|\bone's\b|\boneself\b|\betc\b|\be\.g\.|\bi\.e\.|\besp\./i;

/**
 * Cleans one gloss: drops explanatory parentheses ("to eat (e.g. a salary)"),
 * keeps a leading optional word ("(in) succession" → "in succession"), and
 * trims punctuation that makes a poor typed answer.
 */
export function cleanGloss(gloss: string): string {
  let s = gloss.trim();
  s = s.replace(/^(usu\.|usually|esp\.|orig\.|lit\.)\s+/i, '');
  s = s.replace(/\s*(?:\.\.\.|…)\s*/g, ' ').replace(/,?\s*etc\.?$/i, '');
  s = s.replace(/\bone's\b/gi, 'your').replace(/\boneself\b/gi, 'yourself');
  s = s.replace(/^\(([^()]{1,20})\)\s+(?=\S)/, '$1 ');
  for (let i = 0; i < 3; i++) s = s.replace(/\s*[([{][^()[\]{}]*[)\]}]/g, '');
  s = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:.]+|[\s,;:]+$/g, '')
    .replace(/\.$/, '');
  // Notation that survives (a mid-gloss "etc." or "usu.") makes the gloss unusable as an answer.
  return NOTATION.test(s) ? '' : s.trim();
}

/**
 * Cleans KANJIDIC meanings for quizzing: radical descriptions ("two radical
 * (no. 7)"), numbers and clock times ("10**40", "11PM-1AM") are dropped, a
 * leading affix dash goes ("-times"), and zodiac/counter notes sort last.
 */
export function cleanKanjiMeanings(meanings: readonly string[]): string[] {
  // Abbreviations and affixes ("Inst.", "Esq.", "un-", "co-") make poor shown answers.
  const minor = (raw: string): number => (/zodiac|^sign of|^counter for|^\(|\.$|^-|-$/i.test(raw.trim()) ? 1 : 0);
  return meanings
    .filter((m) => !/radical/i.test(m) && !/\d/.test(m))
    .map((raw, i) => ({
      raw,
      i,
      m: cleanGloss(raw)
        .replace(/^-+|-+$/g, '')
        .trim(),
    }))
    .filter((x) => x.m.length > 0)
    .sort((a, b) => minor(a.raw) - minor(b.raw) || a.i - b.i)
    .map((x) => x.m);
}

/** Within one sense, word glosses come before bare numerals ("fifteen" before "15"). */
export function wordsBeforeNumbers(glosses: readonly string[]): string[] {
  const numeric = (g: string): number => (/^[\d.,%]+$/.test(g) ? 1 : 0);
  return glosses
    .map((g, i) => ({ g, i }))
    .sort((a, b) => numeric(a.g) - numeric(b.g) || a.i - b.i)
    .map((x) => x.g);
}

export interface MeaningSet {
  readonly primary: string;
  /** Accepted answers shown as meanings (includes the primary first). */
  readonly accepted: readonly string[];
  /** Further correct answers, emitted as whitelist auxiliary meanings. */
  readonly whitelist: readonly string[];
}

export const MEANING_KNOBS = {
  maxAccepted: 4,
  maxWhitelist: 8,
  /** Longer glosses are too long to type as answers; they stay out of `meanings`. */
  maxAnswerLength: 40,
} as const;

/** Title-cases, dedupes case-insensitively and splits into meanings and whitelist. */
export function buildMeaningSet(candidates: readonly string[], maxAccepted: number = MEANING_KNOBS.maxAccepted): MeaningSet | null {
  const seen = new Set<string>();
  const usable: string[] = [];
  for (const raw of candidates) {
    const m = titleCase(raw.trim());
    const key = m.toLowerCase();
    if (m.length === 0 || seen.has(key)) continue;
    seen.add(key);
    usable.push(m);
  }
  const short = usable.filter((m) => m.length <= MEANING_KNOBS.maxAnswerLength);
  const accepted = short.slice(0, maxAccepted);
  const primary = accepted[0];
  if (primary === undefined) return null;
  const whitelist = usable
    .filter((m) => !accepted.includes(m))
    .filter((m) => m.length <= 60)
    .slice(0, MEANING_KNOBS.maxWhitelist);
  return { primary, accepted, whitelist };
}

/** Verb glosses also accept the bare verb ("To Eat" → "Eat"). */
export function verbVariants(meanings: readonly string[]): string[] {
  return meanings.flatMap((m) => (/^To [A-Za-z]/.test(m) ? [titleCase(m.slice(3))] : []));
}
