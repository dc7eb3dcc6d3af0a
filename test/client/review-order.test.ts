import { describe, expect, it } from 'vitest';
import { reviewQueueOrder, shuffle } from '../../client/src/review-order.js';

/** A seeded generator, so "shuffled" is reproducible. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

const items = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, srsStage: (i % 8) + 1, level: (i % 5) + 1 }));
const sorted = (list: typeof items) => [...list].map((x) => x.id).sort((a, b) => a - b);

describe('review queue order', () => {
  it('shuffled: a permutation of the queue, different per seed', () => {
    const a = reviewQueueOrder(items, 'shuffled', seeded(1));
    const b = reviewQueueOrder(items, 'shuffled', seeded(2));
    expect(sorted(a)).toEqual(items.map((x) => x.id));
    expect(a.map((x) => x.id)).not.toEqual(b.map((x) => x.id));
    expect(a.map((x) => x.id)).not.toEqual(items.map((x) => x.id));
  });

  it('apprentice_first: stages 1 to 4 before the rest, each part shuffled', () => {
    const order = reviewQueueOrder(items, 'apprentice_first', seeded(3));
    const firstLate = order.findIndex((x) => x.srsStage > 4);
    expect(order.slice(0, firstLate).every((x) => x.srsStage <= 4)).toBe(true);
    expect(order.slice(firstLate).every((x) => x.srsStage > 4)).toBe(true);
    expect(firstLate).toBe(20);
    expect(order.slice(0, firstLate).map((x) => x.srsStage)).not.toEqual([...order.slice(0, firstLate)].map((x) => x.srsStage).sort());
  });

  it.each([
    ['lower_srs_first', 'srsStage'],
    ['lower_levels_first', 'level'],
  ] as const)('%s: ascending %s, ties shuffled', (order, key) => {
    const a = reviewQueueOrder(items, order, seeded(4));
    const b = reviewQueueOrder(items, order, seeded(5));
    for (const list of [a, b]) {
      expect(sorted(list)).toEqual(items.map((x) => x.id));
      for (let i = 1; i < list.length; i++)
        expect((list[i] as (typeof items)[0])[key]).toBeGreaterThanOrEqual((list[i - 1] as (typeof items)[0])[key]);
    }
    expect(a.map((x) => x.id)).not.toEqual(b.map((x) => x.id));
  });

  it('an unknown or missing order shuffles', () => {
    expect(sorted(reviewQueueOrder(items, 'alphabetical', seeded(6)))).toEqual(items.map((x) => x.id));
    expect(reviewQueueOrder(items, undefined, seeded(6)).map((x) => x.id)).toEqual(
      reviewQueueOrder(items, 'shuffled', seeded(6)).map((x) => x.id),
    );
  });

  it('shuffle leaves its input alone', () => {
    const input = [1, 2, 3];
    shuffle(input, seeded(7));
    expect(input).toEqual([1, 2, 3]);
    expect(shuffle([], seeded(7))).toEqual([]);
  });
});
