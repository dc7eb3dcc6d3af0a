import { describe, expect, it } from 'vitest';
import { fragment, JsonBytes } from '../../src/http/json-bytes.js';
import { awkwardInstants } from '../support/instants.js';

describe('JsonBytes', () => {
  it('writes instants as the text of Date#toISOString, quoted, as toIso does', () => {
    const instants = awkwardInstants(2000);
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
