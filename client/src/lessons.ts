import type { SubjectType } from './types.js';

/** The contract's type order: lessons, interleaving ties and quizzes follow it. */
export const SUBJECT_TYPE_ORDER: readonly SubjectType[] = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'];

/** Batch size bounds of the `lessons_batch_size` preference (stored 1 or 2 read as 3). */
export const LESSON_BATCH_SIZE = { min: 3, max: 10, default: 5 } as const;

/** What ordering reads of a subject resource. */
export interface OrderableSubject {
  id: number;
  object: string;
  data: { level: number; lesson_position: number };
}

const typeRank = (object: string): number => {
  const rank = SUBJECT_TYPE_ORDER.indexOf(object as SubjectType);
  return rank === -1 ? SUBJECT_TYPE_ORDER.length : rank;
};

/**
 * Lesson teaching order over the subjects (not the assignments) of every lesson candidate: level,
 * then type (radical, kanji, vocabulary, kana_vocabulary), then `lesson_position`, then id.
 */
export function lessonOrder<S extends OrderableSubject>(subjects: readonly S[]): S[] {
  return [...subjects].sort(
    (a, b) =>
      a.data.level - b.data.level ||
      typeRank(a.object) - typeRank(b.object) ||
      a.data.lesson_position - b.data.lesson_position ||
      a.id - b.id,
  );
}

/**
 * `lessons_interleave`: item i of the n items of each type sits at fraction (i + 0.5) / n of the
 * sequence; items are sorted by fraction, ties by type order. Within a type the given order holds.
 */
export function interleave<S extends OrderableSubject>(ordered: readonly S[]): S[] {
  const byType = new Map<string, S[]>();
  for (const subject of ordered) byType.set(subject.object, [...(byType.get(subject.object) ?? []), subject]);
  const placed = ordered.map((subject) => {
    const group = byType.get(subject.object) ?? [];
    return { subject, fraction: (group.indexOf(subject) + 0.5) / group.length, rank: typeRank(subject.object) };
  });
  return placed.sort((a, b) => a.fraction - b.fraction || a.rank - b.rank).map((p) => p.subject);
}

/** The preference clamped to its allowed range. */
export function batchSizeOf(preference: number | undefined): number {
  if (preference === undefined || !Number.isInteger(preference)) return LESSON_BATCH_SIZE.default;
  return Math.min(LESSON_BATCH_SIZE.max, Math.max(LESSON_BATCH_SIZE.min, preference));
}

/** A batch: the first `lessons_batch_size` items of the displayed sequence, capped by the allowance's `remaining`. */
export function cutBatch<S>(sequence: readonly S[], batchSize: number | undefined, remaining: number): S[] {
  return sequence.slice(0, Math.max(0, Math.min(batchSizeOf(batchSize), remaining)));
}

/** The displayed lesson sequence: teaching order, interleaved when the learner asked for it. */
export function lessonSequence<S extends OrderableSubject>(subjects: readonly S[], interleaved: boolean): S[] {
  const ordered = lessonOrder(subjects);
  return interleaved ? interleave(ordered) : ordered;
}
