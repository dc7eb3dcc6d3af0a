import { describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { parseIsoInstant, toIso } from '../../src/shared/time.js';
import { awkwardInstants } from '../support/instants.js';

describe('toIso', () => {
  it('writes the same text as Date#toISOString', () => {
    const instants = awkwardInstants(5000);
    for (const ms of instants) expect(toIso(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it('refuses an instant that is not a time, as toISOString does', () => {
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(8.64e15 + 1)).toThrow(RangeError);
  });
});

describe('parseIsoInstant', () => {
  it('reads the canonical form and every other ISO-8601 instant as Luxon does', () => {
    const cases = [
      '2026-11-21T10:30:00.000Z',
      '2026-11-21T10:30:00Z',
      '2026-11-21T10:30:00.5Z',
      '2026-11-21T10:30:00.12Z',
      '1969-12-31T23:59:59.999Z',
      '0001-01-01T00:00:00.000Z',
      '2028-02-29T00:00:00.000Z',
      '2026-02-29T00:00:00.000Z',
      '2026-02-30T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T23:60:00Z',
      '2026-11-21T23:59:60Z',
      '2026-11-21T10:30:00.123456Z',
      '2026-11-21T10:30:00+09:00',
      '2026-11-21T10:30:00 09:00',
      '2026-11-21T10:30',
      '2026-11-21',
      ' 2026-11-21T10:30:00Z ',
      'yesterday',
    ];
    for (const text of cases) {
      const luxon = DateTime.fromISO(text.trim().replace(' ', '+'), { zone: 'utc' });
      expect(parseIsoInstant(text), text).toBe(luxon.isValid ? luxon.toMillis() : null);
    }
    for (let i = 0; i < 2000; i += 1) {
      const ms = ((i * 7919) % 1000) * 86_400_017 * (i % 3 === 0 ? -1 : 1) + i;
      expect(parseIsoInstant(toIso(ms))).toBe(ms);
    }
  });
});
