import { DAY_MS } from '../../src/shared/time.js';

/**
 * Instants whose ISO text is easy to get wrong (day edges on both sides of the epoch, leap days,
 * five-digit years), then a walk over many days in both directions, repeating days out of order:
 * what every writer of instants (toIso, JsonBytes) is compared with Date#toISOString on.
 */
export function awkwardInstants(walk: number): number[] {
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
  for (let i = 0; i < walk; i += 1) instants.push(((i * 7919) % 1000) * 3_600_017 * (i % 2 === 0 ? 1 : -1) + i * 13);
  return instants;
}
