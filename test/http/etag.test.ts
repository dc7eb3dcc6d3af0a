import { describe, expect, it } from 'vitest';
import { etagOf } from '../../src/http/prepared-pages.js';

/** A page-sized JSON body (about 215 KB, the size of a page of 500 assignments). */
function pageBytes(seed: number): Buffer {
  const rows = Array.from({ length: 500 }, (_, i) => ({ id: seed + i, data: { note: `a note ${i} `.repeat(30), stage: i % 9 } }));
  return Buffer.from(JSON.stringify({ object: 'collection', data: rows }));
}

describe('etagOf', () => {
  it('gives identical bytes one strong validator, whatever was hashed before or after them', () => {
    const page = pageBytes(1);
    const first = etagOf(page);
    expect(first).toMatch(/^"[^"]+"$/);
    // A larger body hashed between (the hash's working memory grows to it), then a smaller one.
    etagOf(Buffer.concat([pageBytes(7), pageBytes(8), pageBytes(9)]));
    etagOf(Buffer.from('{}'));
    expect(etagOf(Buffer.from(page))).toBe(first);
  });

  it('gives a view into a larger buffer the ETag of its bytes alone, as a stored body read from PostgreSQL is', () => {
    const page = pageBytes(1);
    const framed = Buffer.concat([Buffer.from('frame head'), page, Buffer.from('next message')]);
    expect(etagOf(framed.subarray(10, 10 + page.length))).toBe(etagOf(page));
  });

  it('changes with any one byte of a page, and with a byte added or taken away', () => {
    const page = pageBytes(1);
    const seen = new Set([etagOf(page)]);
    for (const at of [0, 1, 7, 8, 31, 32, 4096, Math.floor(page.length / 2), page.length - 9, page.length - 2, page.length - 1]) {
      const changed = Buffer.from(page);
      changed[at] = changed[at]! ^ 0x01;
      seen.add(etagOf(changed));
    }
    seen.add(etagOf(page.subarray(0, page.length - 1)));
    seen.add(etagOf(Buffer.concat([page, Buffer.from(' ')])));
    expect(seen.size).toBe(14);
  });
});
