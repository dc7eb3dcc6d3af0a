import { describe, expect, it } from 'vitest';
import { fragment, JsonBytes } from '../../src/http/json-bytes.js';
import { DAY_MS } from '../../src/shared/time.js';

describe('JsonBytes', () => {
  it('writes instants as the text of Date#toISOString, quoted, as toIso does', () => {
    const instants = [
      0,
      -1,
      1,
      DAY_MS - 1,
      DAY_MS,
      -DAY_MS,
      -DAY_MS - 1,
      Date.UTC(2026, 10, 21, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1, 0, 0, 0, 10),
    ];
    for (let i = 0; i < 2000; i += 1) instants.push(((i * 7919) % 1000) * 3_600_017 * (i % 2 === 0 ? 1 : -1) + i * 13);
    const out = new JsonBytes(0);
    for (const ms of instants) {
      out.instant(ms);
      out.instantOrNull(null);
    }
    expect(out.bytes().toString()).toBe(instants.map((ms) => `${JSON.stringify(new Date(ms).toISOString())}null`).join(''));
    expect(() => out.instant(Number.NaN)).toThrow(RangeError);
  });

  it('writes what JSON.stringify writes, growing past any size hint, whatever the text', () => {
    const value = { text: 'ü ñ 😀 "quoted" \\ \u2028 </script>', n: [0, -12, 3.5, 1e21, 123456789], yes: true, no: false };
    const out = new JsonBytes(1);
    for (let i = 0; i < 200; i += 1) {
      out.fragment(fragment('{"text":'));
      out.string(value.text);
      out.fragment(fragment(',"n":['));
      value.n.forEach((n, at) => {
        if (at > 0) out.fragment(fragment(','));
        out.number(n);
      });
      out.fragment(fragment('],"yes":'));
      out.boolean(value.yes);
      out.fragment(fragment(',"no":'));
      out.boolean(value.no);
      out.fragment(fragment('}'));
      out.json(JSON.stringify(value));
    }
    const expected = JSON.stringify(value).repeat(400);
    expect(out.bytes().equals(Buffer.from(expected))).toBe(true);
    expect(out.length).toBe(Buffer.byteLength(expected));
  });
});
