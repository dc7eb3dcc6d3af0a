import { isoDay, isoDayPrefix, timeOfDay } from '../shared/time.js';

/** The most bytes one UTF-16 code unit takes in UTF-8 (a surrogate pair's two units take 4). */
const MOST_UTF8_BYTES_PER_UNIT = 3;
const QUOTE = 0x22;
const DIGIT_0 = 0x30;
const COLON = 0x3a;
const DOT = 0x2e;
const ZULU = 0x5a;
/** The quotes and `HH:MM:SS.mmmZ` around a day's prefix. */
const INSTANT_TIME_BYTES = 16;
/** At most a quarter of a page's length is held unused with it (the room reserved from its first row is a fifth more). */
const SLACK_KEPT = 4;
/** How much a full buffer grows: by half, so a page outgrowing its reserved room stays within the slack kept. */
const GROWTH = 1.5;
const MINUS = 0x2d;
const BACKSLASH = 0x5c;
const FIRST_PRINTABLE = 0x20;
const LAST_PRINTABLE = 0x7e;
/** Digits of the largest safe integer (2^53 - 1). */
const MOST_SAFE_DIGITS = 16;
/**
 * Days' `YYYY-MM-DDT` as bytes, in a table of slots by day (direct-mapped: a day takes its slot from
 * the one there before), so an instant copies its date from bytes without a map look-up or a
 * string (a third of a page's writing was its instants, bench/README.md, seventh pass). A slot holds
 * up to 16 bytes: the longest prefix is an extended year's, `+275760-09-13T`, 15 characters.
 */
const DAY_SLOTS = 1024;
const PREFIX_STRIDE = 16;
const DAY_PREFIX_BYTES = new Uint8Array(DAY_SLOTS * PREFIX_STRIDE);
const DAY_PREFIX_LENGTHS = new Uint8Array(DAY_SLOTS);
const SLOT_DAYS = new Float64Array(DAY_SLOTS).fill(Number.NaN);

/** The slot holding `day`'s prefix, filled from isoDayPrefix when it held another day. */
function dayPrefixSlot(day: number): number {
  const slot = day & (DAY_SLOTS - 1);
  if (SLOT_DAYS[slot] !== day) {
    const prefix = isoDayPrefix(day);
    for (let i = 0; i < prefix.length; i += 1) DAY_PREFIX_BYTES[slot * PREFIX_STRIDE + i] = prefix.charCodeAt(i);
    DAY_PREFIX_LENGTHS[slot] = prefix.length;
    SLOT_DAYS[slot] = day;
  }
  return slot;
}
const NULL = Buffer.from('null');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');

/** A fixed piece of JSON, encoded once (a field's name and punctuation). */
export function fragment(text: string): Buffer {
  return Buffer.from(text);
}

/**
 * JSON written straight as UTF-8 into one growing buffer. A page of 500 rows built as strings, each
 * row's text appended from dozens of pieces, cost V8 more to flatten and encode than to build
 * (bench/README.md, fifth pass); here fixed pieces are copied as bytes and numbers and instants
 * are written as their ASCII characters, so no row's text exists as a string.
 */
export class JsonBytes {
  #bytes: Buffer;
  #at = 0;

  constructor(sizeHint: number) {
    this.#bytes = Buffer.allocUnsafe(Math.max(sizeHint, 64));
  }

  #room(bytes: number): Buffer {
    if (this.#bytes.length - this.#at < bytes) {
      const grown = Buffer.allocUnsafe(Math.max(Math.ceil(GROWTH * this.#bytes.length), this.#at + bytes));
      this.#bytes.copy(grown, 0, 0, this.#at);
      this.#bytes = grown;
    }
    return this.#bytes;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.#at;
  }

  /** Makes room for `bytes` more at once (a page sized from its first row), so the buffer grows once. */
  reserve(bytes: number): void {
    this.#room(bytes);
  }

  /** A fixed piece (`fragment`). */
  fragment(piece: Uint8Array): void {
    const length = piece.length;
    const bytes = this.#room(length);
    let at = this.#at;
    for (let i = 0; i < length; i += 1) bytes[at++] = piece[i]!;
    this.#at = at;
  }

  /** Bytes already JSON (a kept row), copied whole. */
  chunk(piece: Uint8Array): void {
    this.#room(piece.length).set(piece, this.#at);
    this.#at += piece.length;
  }

  /** Text already JSON (a stored `data`, a serialised value), as UTF-8. */
  json(text: string): void {
    this.#room(MOST_UTF8_BYTES_PER_UNIT * text.length);
    this.#at += this.#bytes.write(text, this.#at);
  }

  /** Text that is ASCII by construction (digits, an instant), one byte a character. */
  #ascii(text: string): void {
    const length = text.length;
    const bytes = this.#room(length);
    let at = this.#at;
    for (let i = 0; i < length; i += 1) bytes[at++] = text.charCodeAt(i);
    this.#at = at;
  }

  /**
   * A string value, quoted and escaped as JSON.stringify writes it. Printable ASCII needs no escape
   * and is one byte a character, so it is copied as it is checked; any other character hands the
   * whole value to JSON.stringify and UTF-8.
   */
  string(value: string): void {
    const length = value.length;
    const bytes = this.#room(length + 2);
    let at = this.#at;
    bytes[at++] = QUOTE;
    for (let i = 0; i < length; i += 1) {
      const code = value.charCodeAt(i);
      if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE || code === QUOTE || code === BACKSLASH) {
        this.json(JSON.stringify(value));
        return;
      }
      bytes[at++] = code;
    }
    bytes[at++] = QUOTE;
    this.#at = at;
  }

  /**
   * A number as JSON writes it (its shortest round-trip form, as `String` gives it). An integer in
   * the safe range, every id, count and stage, is written digit by digit: `String` and a copy of its
   * characters was a tenth of a page built from rows (bench/README.md, eighth pass).
   */
  number(value: number): void {
    if (!Number.isSafeInteger(value)) {
      this.#ascii(String(value));
      return;
    }
    let rest = value < 0 ? -value : value;
    let digits = 1;
    for (let bound = 10; rest >= bound && digits < MOST_SAFE_DIGITS; bound *= 10) digits += 1;
    const bytes = this.#room(digits + 1);
    let at = this.#at;
    if (value < 0) bytes[at++] = MINUS;
    at += digits;
    this.#at = at;
    for (let i = 1; i <= digits; i += 1) {
      bytes[at - i] = DIGIT_0 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
  }

  boolean(value: boolean): void {
    this.fragment(value ? TRUE : FALSE);
  }

  /**
   * A quoted instant: the text of `toIso` (every `_at` field), its time of day written as digits
   * rather than formatted as a string and copied (test/http/collection-bytes.test.ts compares them).
   */
  instant(ms: number): void {
    const day = isoDay(ms);
    const slot = dayPrefixSlot(day);
    const bytes = this.#room(PREFIX_STRIDE + INSTANT_TIME_BYTES);
    let at = this.#at;
    bytes[at++] = QUOTE;
    const from = slot * PREFIX_STRIDE;
    const end = from + DAY_PREFIX_LENGTHS[slot]!;
    for (let i = from; i < end; i += 1) bytes[at++] = DAY_PREFIX_BYTES[i]!;
    const time = timeOfDay(ms, day);
    const hours = time[0];
    const minutes = time[1];
    const seconds = time[2];
    const rest = time[3];
    bytes[at++] = DIGIT_0 + Math.floor(hours / 10);
    bytes[at++] = DIGIT_0 + (hours % 10);
    bytes[at++] = COLON;
    bytes[at++] = DIGIT_0 + Math.floor(minutes / 10);
    bytes[at++] = DIGIT_0 + (minutes % 10);
    bytes[at++] = COLON;
    bytes[at++] = DIGIT_0 + Math.floor(seconds / 10);
    bytes[at++] = DIGIT_0 + (seconds % 10);
    bytes[at++] = DOT;
    bytes[at++] = DIGIT_0 + Math.floor(rest / 100);
    bytes[at++] = DIGIT_0 + (Math.floor(rest / 10) % 10);
    bytes[at++] = DIGIT_0 + (rest % 10);
    bytes[at++] = ZULU;
    bytes[at++] = QUOTE;
    this.#at = at;
  }

  instantOrNull(ms: number | null): void {
    if (ms === null) this.fragment(NULL);
    else this.instant(ms);
  }

  /**
   * The bytes written. A kept page is weighed by its length, so a buffer much larger than what was
   * written is copied to its size rather than held.
   */
  bytes(): Buffer {
    const written = this.#bytes.subarray(0, this.#at);
    return this.#bytes.length - this.#at > this.#at / SLACK_KEPT ? Buffer.from(written) : written;
  }
}
