import { describe, expect, it } from 'vitest';
import { batchSizeOf, cutBatch, interleave, lessonOrder, lessonSequence, type OrderableSubject } from '../../client/src/lessons.js';

const s = (id: number, object: string, level: number, lesson_position: number): OrderableSubject => ({
  id,
  object,
  data: { level, lesson_position },
});
const ids = (subjects: readonly OrderableSubject[]) => subjects.map((x) => x.id);

describe('lesson order', () => {
  it('sorts by level, then type, then lesson_position, then id', () => {
    const subjects = [
      s(10, 'vocabulary', 1, 0),
      s(11, 'kana_vocabulary', 1, 0),
      s(3, 'kanji', 1, 2),
      s(4, 'kanji', 1, 1),
      s(2, 'radical', 2, 0),
      s(1, 'radical', 1, 5),
      s(7, 'radical', 1, 5),
      s(6, 'radical', 1, 4),
    ];
    expect(ids(lessonOrder(subjects))).toEqual([6, 1, 7, 4, 3, 10, 11, 2]);
  });

  it('places item i of n of each type at (i + 0.5) / n, ties by type order', () => {
    const ordered = [
      s(1, 'radical', 1, 0),
      s(2, 'radical', 1, 1),
      s(3, 'kanji', 1, 0),
      s(4, 'kanji', 1, 1),
      s(5, 'kanji', 1, 2),
      s(6, 'vocabulary', 1, 0),
    ];
    // radicals .25 .75; kanji .167 .5 .833; vocabulary .5 (after the kanji at .5)
    expect(ids(interleave(ordered))).toEqual([3, 1, 4, 6, 2, 5]);
    expect(ids(lessonSequence([...ordered].reverse(), true))).toEqual([3, 1, 4, 6, 2, 5]);
    expect(ids(lessonSequence([...ordered].reverse(), false))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('interleaving one type keeps its order', () => {
    const one = [s(1, 'kanji', 1, 0), s(2, 'kanji', 1, 1), s(3, 'kanji', 1, 2)];
    expect(ids(interleave(one))).toEqual([1, 2, 3]);
    expect(interleave([])).toEqual([]);
  });
});

describe('batches', () => {
  const sequence = Array.from({ length: 12 }, (_, i) => i + 1);
  it.each([
    [5, 100, 5],
    [5, 3, 3],
    [5, 0, 0],
    [10, 100, 10],
    [1, 100, 3], // stored 1 or 2 reads as 3
    [2, 100, 3],
    [40, 100, 10],
    [undefined, 100, 5],
  ])('batch size %s with %i remaining today takes %i items', (size, remaining, expected) => {
    expect(cutBatch(sequence, size, remaining)).toEqual(sequence.slice(0, expected));
  });

  it('never takes more than the sequence holds', () => {
    expect(cutBatch([1, 2], 5, 100)).toEqual([1, 2]);
    expect(batchSizeOf(7)).toBe(7);
    expect(batchSizeOf(7.5)).toBe(5);
  });
});
