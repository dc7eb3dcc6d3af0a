import { distance } from 'fastest-levenshtein';
import { isKanaAnswer, readingKey } from './kana.js';
import type { SubjectData } from './types.js';

export type QuestionKind = 'meaning' | 'reading';

/**
 * - correct: counts as right.
 * - incorrect: counts as a wrong attempt.
 * - nudge: not graded; the learner retries without penalty (a real reading that is not the one
 *   asked, or a reading answer that is not kana at all).
 */
export type Grade =
  | { result: 'correct'; matched: string; exact: boolean }
  | { result: 'incorrect'; blacklisted: boolean }
  | { result: 'nudge'; reason: 'other_reading'; matched: string; readingType: string | null }
  | { result: 'nudge'; reason: 'not_kana' };

/** What grading reads of a subject: its meanings, readings and auxiliary meanings. */
export type GradableSubject = Pick<SubjectData, 'meanings' | 'auxiliary_meanings'> & { readings?: SubjectData['readings'] };

/**
 * Typo tolerance of a meaning answer: how many edits (Levenshtein) are forgiven against an answer
 * of `length` characters. Short words must be exact: "cat" is not "car".
 */
export function typoTolerance(length: number): number {
  if (length <= 3) return 0;
  if (length <= 5) return 1;
  if (length <= 7) return 2;
  return 3 + Math.floor((length - 8) / 6);
}

/** Meanings compared case-, space- and punctuation-blind: "  Big-Dipper!" reads "big dipper". */
export function meaningKey(answer: string): string {
  return answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function gradeMeaning(subject: GradableSubject, answer: string, synonyms: readonly string[]): Grade {
  const key = meaningKey(answer);
  if (key === '') return { result: 'incorrect', blacklisted: false };
  const accepted = [
    ...subject.meanings.filter((m) => m.accepted_answer).map((m) => m.meaning),
    ...(subject.auxiliary_meanings ?? []).filter((m) => m.type === 'whitelist').map((m) => m.meaning),
    ...synonyms,
  ];
  const notAccepted = subject.meanings.filter((m) => !m.accepted_answer).map((m) => m.meaning);
  const blacklist = (subject.auxiliary_meanings ?? []).filter((m) => m.type === 'blacklist').map((m) => meaningKey(m.meaning));

  const exact = accepted.find((m) => meaningKey(m) === key);
  if (exact !== undefined) return { result: 'correct', matched: exact, exact: true };
  // A blacklisted answer is wrong as typed, and never rescued by typo tolerance.
  if (blacklist.includes(key)) return { result: 'incorrect', blacklisted: true };
  const other = notAccepted.find((m) => meaningKey(m) === key);
  if (other !== undefined) return { result: 'nudge', reason: 'other_reading', matched: other, readingType: null };

  let best: { meaning: string; edits: number } | null = null;
  for (const meaning of accepted) {
    const target = meaningKey(meaning);
    const edits = distance(key, target);
    if (edits <= typoTolerance(target.length) && (best === null || edits < best.edits)) best = { meaning, edits };
  }
  // An answer as near to a blacklisted meaning (a misspelling of that wrong meaning) is wrong, and said so.
  const nearBlacklist = blacklist.some((b) => {
    const edits = distance(key, b);
    return edits <= typoTolerance(b.length) && (best === null || edits <= best.edits);
  });
  if (nearBlacklist) return { result: 'incorrect', blacklisted: true };
  return best === null ? { result: 'incorrect', blacklisted: false } : { result: 'correct', matched: best.meaning, exact: false };
}

function gradeReading(subject: GradableSubject, answer: string): Grade {
  if (!isKanaAnswer(answer)) return { result: 'nudge', reason: 'not_kana' };
  const key = readingKey(answer);
  const readings = subject.readings ?? [];
  const accepted = readings.find((r) => r.accepted_answer && readingKey(r.reading) === key);
  if (accepted) return { result: 'correct', matched: accepted.reading, exact: true };
  const other = readings.find((r) => !r.accepted_answer && readingKey(r.reading) === key);
  if (other) return { result: 'nudge', reason: 'other_reading', matched: other.reading, readingType: other.type };
  // Readings are exact: one kana off is another word.
  return { result: 'incorrect', blacklisted: false };
}

/**
 * Grades one answer by the contract's rules: `accepted_answer` true is correct; a real reading
 * (or meaning) that is not accepted is a nudge, retried without penalty; auxiliary whitelist and
 * the learner's `meaning_synonyms` are correct; blacklist is wrong without a nudge; `primary` has
 * no bearing. Meanings forgive small typos; readings never do.
 */
export function gradeAnswer(subject: GradableSubject, kind: QuestionKind, answer: string, synonyms: readonly string[] = []): Grade {
  return kind === 'meaning' ? gradeMeaning(subject, answer, synonyms) : gradeReading(subject, answer);
}
