import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_SLOT_MS, edgeRanges, windowSlots } from '../../src/domain/calendar/activity.js';
import { localDayBounds } from '../../src/domain/calendar/days.js';
import { reviewTotalsWithin, type WindowReads } from '../../src/domain/review-totals.js';
import { DAY_MS, MINUTE_MS } from '../../src/shared/time.js';

const SLOT = ACTIVITY_SLOT_MS;
const base = Date.UTC(2026, 10, 21, 9);

describe('a window counted from its whole slots and its edge slots', () => {
  it('splits a window into whole slots and the edge slots holding its bounds', () => {
    const slots = windowSlots(base + 7 * MINUTE_MS, base + 3 * SLOT + MINUTE_MS);
    expect(slots).toEqual({ head: base, innerFrom: base + SLOT, innerUntil: base + 3 * SLOT, tail: base + 3 * SLOT });
    expect(edgeRanges(slots)).toEqual([
      { from: base, until: base + SLOT },
      { from: base + 3 * SLOT, until: base + 4 * SLOT },
    ]);
    // Within one slot, or two touching ones: a single range.
    expect(edgeRanges(windowSlots(base + MINUTE_MS, base + 2 * MINUTE_MS))).toEqual([{ from: base, until: base + SLOT }]);
    expect(edgeRanges(windowSlots(base + MINUTE_MS, base + SLOT + MINUTE_MS))).toEqual([{ from: base, until: base + 2 * SLOT }]);
  });

  it("counts the edge slots' reviews inside the exact window, the whole slots from their counters", () => {
    const from = base + 7 * MINUTE_MS;
    const until = base + 3 * SLOT + MINUTE_MS;
    const slots = windowSlots(from, until);
    const reads: WindowReads = {
      slots,
      inner: { reviews: 10, correct: 6 },
      edges: [
        { at: base + 6 * MINUTE_MS, correct: 1 }, // before the window
        { at: from, correct: 1 },
        { at: base + SLOT - 1, correct: 0 },
        { at: base + 3 * SLOT, correct: 1 },
        { at: until, correct: 1 }, // the window ends before it
      ],
    };
    expect(reviewTotalsWithin(reads, from, until, slots)).toEqual({ reviews: 13, correct: 8 });
    // Later in the same slots: the review at `from` has left, the one at the old `until` has come.
    const later = windowSlots(from + MINUTE_MS, until + MINUTE_MS);
    expect(reviewTotalsWithin(reads, from + MINUTE_MS, until + MINUTE_MS, later)).toEqual({ reviews: 13, correct: 8 });
    expect(reviewTotalsWithin(reads, from + 1, until + MINUTE_MS, windowSlots(from + 1, until + MINUTE_MS))).toEqual({
      reviews: 13,
      correct: 8,
    });
  });

  it('refuses a window whose slots are not the ones read', () => {
    const slots = windowSlots(base + MINUTE_MS, base + 3 * SLOT);
    const reads: WindowReads = { slots, inner: { reviews: 0, correct: 0 }, edges: [] };
    const moved = windowSlots(base + MINUTE_MS, base + 4 * SLOT);
    expect(() => reviewTotalsWithin(reads, base + MINUTE_MS, base + 4 * SLOT, moved)).toThrow(/other slots/);
  });
});

describe('today’s bounds kept per zone', () => {
  it('answers every instant of a day as worked out afresh, across a DST change too', () => {
    for (const zone of ['America/New_York', 'Asia/Kathmandu', 'UTC']) {
      // 2026-03-08 is New York's spring-forward day (23 hours): never kept, still right.
      for (let at = Date.UTC(2026, 2, 7); at < Date.UTC(2026, 2, 10); at += 37 * MINUTE_MS) {
        const day = DateTime.fromMillis(at, { zone }).startOf('day');
        expect(localDayBounds(at, zone)).toEqual({ start: day.toMillis(), end: day.plus({ days: 1 }).toMillis() });
      }
    }
    const newYork = localDayBounds(Date.UTC(2026, 2, 8, 12), 'America/New_York');
    expect(newYork.end - newYork.start).toBe(DAY_MS - 60 * MINUTE_MS);
  });
});
