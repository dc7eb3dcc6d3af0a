import { describe, expect, it } from 'vitest';
import { DAY_MS, toIso } from '../../src/shared/time.js';

describe('toIso', () => {
  it('writes the same text as Date#toISOString', () => {
    const instants = [
      0,
      -1,
      1,
      DAY_MS - 1,
      DAY_MS,
      -DAY_MS,
      -DAY_MS - 1,
      Date.UTC(2026, 10, 21, 23, 59, 59, 999),
      Date.UTC(2026, 10, 22),
      Date.UTC(2028, 1, 29, 12, 0, 0, 5),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1, 0, 0, 0, 10),
      Date.UTC(1900, 0, 1, 1, 2, 3, 40),
    ];
    // And a walk over many days in both directions, repeating days out of order.
    for (let i = 0; i < 5000; i += 1) instants.push(((i * 7919) % 1000) * 3_600_017 * (i % 2 === 0 ? 1 : -1) + i * 13);
    for (const ms of instants) expect(toIso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('refuses an instant that is not a time, as toISOString does', () => {
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(8.64e15 + 1)).toThrow(RangeError);
  });
});
