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

  it('writes an instant right when its day shares a slot of the day table with days written before', () => {
    // Days 1,024 apart take the same slot; the farthest instants a Date holds have extended years.
    const instants: number[] = [];
    for (let i = 0; i < 64; i += 1) {
      const day = (i % 2 === 0 ? 20_000 : 20_000 + 1024 * (i % 7)) * (i % 3 === 0 ? -1 : 1);
      instants.push(day * 86_400_000 + i * 61_001);
    }
    instants.push(8.64e15, -8.64e15, 8.64e15 - 1, -8.64e15 + 1, 8.64e15);
    const out = new JsonBytes(0);
    for (const ms of instants) out.instant(ms);
    expect(out.bytes().toString()).toBe(instants.map((ms) => JSON.stringify(new Date(ms).toISOString())).join(''));
  });

  it('writes every number as String does, digit by digit within the safe integers and through String beyond', () => {
    const numbers = [0, -0, 7, -7, 9, 10, 99, 100, -100, 2_147_483_647, -2_147_483_648, 2 ** 32, 999_999_999_999_999];
    for (let power = 1; power <= 16; power += 1) numbers.push(10 ** power - 1, 10 ** power, -(10 ** power) + 1);
    numbers.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, -(2 ** 53), 1e21, 0.5, -3.25, 5e-7, Number.NaN, Infinity);
    const out = new JsonBytes(0);
    for (const n of numbers) {
      out.number(n);
      out.fragment(fragment(','));
    }
    expect(out.bytes().toString()).toBe(numbers.map((n) => `${String(n)},`).join(''));
  });

  it('writes every string as JSON.stringify does, printable ASCII copied and anything else escaped', () => {
    const strings = [
      '',
      'kanji',
      'a "quote"',
      'back\\slash',
      'tab\there',
      '\u0000\u001f',
      '\u007f',
      'caf\u00e9',
      '\ud83d',
      '\udc00x',
      '😀',
      ' ~',
    ];
    const out = new JsonBytes(0);
    for (const text of strings) out.string(text);
    expect(out.bytes().equals(Buffer.from(strings.map((t) => JSON.stringify(t)).join('')))).toBe(true);
  });
});
