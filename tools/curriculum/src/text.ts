// Small text helpers shared by the parsers. Kana ranges follow Unicode blocks.
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';

export function isHiragana(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x3041 && c <= 0x309f) || c === 0x30fc;
}

export function isKatakana(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (c >= 0x30a0 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff);
}

export function isKana(ch: string): boolean {
  return isHiragana(ch) || isKatakana(ch);
}

/** CJK unified ideographs (incl. extensions) and the iteration mark 々. */
export function isKanji(ch: string): boolean {
  const c = ch.codePointAt(0) ?? 0;
  return (
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x20000 && c <= 0x3134f) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    c === 0x3005
  );
}

export function chars(s: string): string[] {
  return Array.from(s);
}

export function isAllKana(s: string): boolean {
  return s.length > 0 && chars(s).every(isKana);
}

export function kanjiOf(s: string): string[] {
  return chars(s).filter((ch) => isKanji(ch) && ch !== '々');
}

/** Katakana to hiragana (ー is kept: it is a valid reading character). */
export function toHiragana(s: string): string {
  return chars(s)
    .map((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return c >= 0x30a1 && c <= 0x30f6 ? String.fromCodePoint(c - 0x60) : ch;
    })
    .join('');
}

/** Code-unit order: deterministic and locale-free (never localeCompare in the build). */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Streams lines of a gzip file (also dictzip, which is gzip-compatible). */
export async function* gzipLines(path: string, encoding = 'utf-8'): AsyncGenerator<string> {
  yield* decodeLines(createReadStream(path).pipe(createGunzip()), encoding);
}

export async function* fileLines(path: string, encoding = 'utf-8'): AsyncGenerator<string> {
  yield* decodeLines(createReadStream(path), encoding);
}

async function* decodeLines(stream: AsyncIterable<Buffer> | NodeJS.ReadableStream, encoding: string): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding);
  let rest = '';
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.decode();
  if (rest.length > 0) yield rest;
}
