import type { Page } from '../shared/paging.js';
import { toIso, toIsoOrNull } from '../shared/time.js';
import { fragment, JsonBytes } from './json-bytes.js';
import type { WrittenRow } from './kept-rows.js';
import { filtersOf, pageUrl } from './paging.js';

/** The API prefix every route is served under; `url` fields swap it for PUBLIC_BASE_URL. */
export const API_PREFIX = '/api/v1';
/**
 * The opt-in compatibility mount (COMPAT_V2_MOUNT): the same routes under the reference's own
 * prefix, for clients that force every path to start with it (see docs/decisions.md, Compatibility mount).
 */
export const COMPAT_PREFIX = '/v2';

/** What the envelope builders read of a request: its address as received (path and query). */
export interface RequestAddress {
  readonly url: string;
}

export interface ResourceEnvelope<D, O extends string = string> {
  id: number;
  object: O;
  url: string;
  data_updated_at: string;
  data: D;
}

export interface CollectionEnvelope<D> {
  object: 'collection';
  url: string;
  pages: { per_page: number; next_url: string | null; previous_url: string | null };
  total_count: number;
  data_updated_at: string | null;
  data: ResourceEnvelope<D>[];
}

export interface ReportEnvelope<D, O extends string = string> {
  object: O;
  url: string;
  data_updated_at: string | null;
  data: D;
}

/** `url` with a leading `prefix` path segment removed, or null when it does not start with it. */
function withoutPrefix(url: string, prefix: string): string | null {
  if (!url.startsWith(prefix)) return null;
  const rest = url.slice(prefix.length);
  return rest === '' || rest.startsWith('/') || rest.startsWith('?') ? rest : null;
}

/**
 * Builds absolute addresses for one mount of the API: `base` (from PUBLIC_BASE_URL, never from the
 * Host header) stands for the mount's `prefix` in every address.
 */
export class Urls {
  constructor(
    readonly base: string,
    readonly prefix: string = API_PREFIX,
  ) {}

  /** `/subjects/1` -> `<base>/subjects/1`. */
  of(path: string): string {
    return `${this.base}${path}`;
  }

  /** The address of the current request, query included. */
  request(request: RequestAddress): string {
    return `${this.base}${withoutPrefix(request.url, this.prefix) ?? request.url}`;
  }
}

/**
 * The base of the compatibility mount's addresses: PUBLIC_BASE_URL with its `/api/v1` replaced by
 * `/v2`, or the origin's `/v2` when the public base does not end in `/api/v1`.
 */
export function compatBaseUrl(publicBaseUrl: string): string {
  return publicBaseUrl.endsWith(API_PREFIX)
    ? `${publicBaseUrl.slice(0, -API_PREFIX.length)}${COMPAT_PREFIX}`
    : `${new URL(publicBaseUrl).origin}${COMPAT_PREFIX}`;
}

/** A request URL relative to the mount it came in on: `/api/v1/subjects?ids=1` and `/v2/subjects?ids=1` -> `/subjects?ids=1`. */
export function apiRelative(url: string): string {
  return withoutPrefix(url, API_PREFIX) ?? withoutPrefix(url, COMPAT_PREFIX) ?? url;
}

export function resource<O extends string, D>(
  urls: Urls,
  collectionPath: string,
  object: O,
  id: number,
  updatedAt: number,
  data: D,
): ResourceEnvelope<D, O> {
  return { id, object, url: urls.of(`${collectionPath}/${id}`), data_updated_at: toIso(updatedAt), data };
}

export function report<O extends string, D>(urls: Urls, path: string, object: O, updatedAt: number | null, data: D): ReportEnvelope<D, O> {
  return { object, url: urls.of(path), data_updated_at: toIsoOrNull(updatedAt), data };
}

/** Newest `data_updated_at` among the items (epoch ms), or null for none. */
export function newest(updatedAts: readonly number[]): number | null {
  return updatedAts.length === 0 ? null : Math.max(...updatedAts);
}

export interface PageLinks {
  next_url: string | null;
  previous_url: string | null;
}

/** next/previous links of a page: the cursor first, then the request's filters. */
export function pageLinks(urls: Urls, request: RequestAddress, path: string, page: Page<{ id: number }>): PageLinks {
  const filters = filtersOf(request.url);
  const first = page.rows[0];
  const last = page.rows[page.rows.length - 1];
  return {
    next_url: page.hasNext && last ? pageUrl(urls.base, path, `page_after_id=${last.id}`, filters) : null,
    previous_url: page.hasPrevious && first ? pageUrl(urls.base, path, `page_before_id=${first.id}`, filters) : null,
  };
}

/** Writes one row of a page: its resource envelope, as the envelope's schema serialises it. */
export type RowWriter<R> = (out: JsonBytes, row: R) => void;

const ID = fragment('{"id":');
const UPDATED_AT = fragment('","data_updated_at":');
const DATA = fragment(',"data":');
const CLOSE = fragment('}');
const COMMA = fragment(',');
const PAGE_END = fragment(']}');

/**
 * A writer of one collection's resource envelopes around their `data`, which `writeData` writes:
 * the bytes the envelope's schema serialises to (test/http/collection-bytes.test.ts). What is the
 * same for every row (the object, the url's escaped prefix) is encoded once.
 */
export function resourceWriter<R extends { id: number; updatedAt: number }>(
  urls: Urls,
  collectionPath: string,
  object: string,
  writeData: RowWriter<R>,
): RowWriter<R> {
  // The id is digits, so the escaped prefix and the id make the escaped url.
  const middle = fragment(`,"object":${JSON.stringify(object)},"url":${JSON.stringify(urls.of(`${collectionPath}/`)).slice(0, -1)}`);
  return (out, row) => {
    out.fragment(ID);
    out.number(row.id);
    out.fragment(middle);
    out.number(row.id);
    out.fragment(UPDATED_AT);
    out.instant(row.updatedAt);
    out.fragment(DATA);
    writeData(out, row);
    out.fragment(CLOSE);
  };
}

const QUOTE = 0x22;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const ROWS_OPEN = 0x5b; // [
const ROW_CLOSE = 0x7d; // }
const ROW_SEPARATOR = 0x2c; // ,
/** How a page with no rows ends: its `data` array empty. */
const NO_ROWS_END = fragment('[]}');

/**
 * The rows of a page `collectionJson` wrote, by id: each one's bytes as `resourceWriter` wrote
 * them, a slice of `page`. A row is found where its bytes begin, `{"id":`, which occurs nowhere
 * else in such a page: never inside a string (its quote would be escaped), and no learner
 * collection's `data` holds an object (test/http/collection-bytes.test.ts checks their schemas).
 * So the rows are found by a native search from one to the next, not by following the page's
 * JSON byte by byte in JavaScript: in a process just started that walk ran unoptimised, 16-23 ms
 * for a page of 500 rows the first time and 0.5-2 ms in the next few (bench/README.md, nineteenth
 * pass). Null when `page` is not such a page (rows not in one array at the page's end, each
 * beginning with its id and followed by a comma or the array's end; an id twice).
 */
export function collectionRows(page: Buffer): Map<number, Buffer> | null {
  const rows = new Map<number, Buffer>();
  let start = page.indexOf(ID);
  if (start < 0) return page.subarray(-NO_ROWS_END.length).equals(NO_ROWS_END) ? rows : null;
  if (page[start - 1] !== ROWS_OPEN) return null;
  const rowsEnd = page.length - PAGE_END.length;
  if (!page.subarray(rowsEnd).equals(PAGE_END)) return null;
  while (start >= 0) {
    const next = page.indexOf(ID, start + ID.length);
    // A row ends with its envelope's brace, just before the comma ahead of the next row or the array's end.
    const end = next < 0 ? rowsEnd : next - 1;
    if (page[end - 1] !== ROW_CLOSE || (next >= 0 && page[end] !== ROW_SEPARATOR)) return null;
    const id = rowId(page, start);
    if (id === null || rows.has(id)) return null;
    rows.set(id, page.subarray(start, end));
    start = next;
  }
  return rows;
}

/** The id a row's bytes begin with, found at `start` (`{"id":<digits>`, ID there already), or null. */
function rowId(page: Buffer, start: number): number | null {
  const digits = start + ID.length;
  let id = 0;
  let at = digits;
  for (; page[at]! >= DIGIT_0 && page[at]! <= DIGIT_9; at += 1) id = id * 10 + page[at]! - DIGIT_0;
  return at === digits ? null : id;
}

/**
 * Where the last row's `data_updated_at` key lay (`updatedAtKey`): the rows of a page differ in that
 * place only by the digits of their ids (in the id and in the url), so it is tried first.
 */
let lastUpdatedAtKey = -1;

/**
 * Where a row's `","data_updated_at":` lies. It occurs once in a row `resourceWriter` wrote: only
 * the object's name and the url come before it, neither holding an unescaped quote, and after it
 * every quote inside a string is escaped and no learner collection's `data` has such a key. So the
 * bytes found at the last row's place are the key, with no search.
 */
function updatedAtKey(row: Buffer): number {
  const guess = lastUpdatedAtKey;
  if (guess >= 0 && guess + UPDATED_AT.length <= row.length) {
    let i = 0;
    while (i < UPDATED_AT.length && row[guess + i] === UPDATED_AT[i]) i += 1;
    if (i === UPDATED_AT.length) return guess;
  }
  lastUpdatedAtKey = row.indexOf(UPDATED_AT);
  return lastUpdatedAtKey;
}

/** `toIso`'s text between the quotes: `YYYY-MM-DDTHH:MM:SS.mmmZ`. */
const INSTANT_LENGTH = 24;
const DASH = 0x2d;
const COLON = 0x3a;
const DOT = 0x2e;
const TIME_MARK = 0x54; // T
const ZULU = 0x5a; // Z

/** The number of two digits at `at`, or -1 when either is not a digit. */
function twoDigits(bytes: Buffer, at: number): number {
  const tens = bytes[at]! - DIGIT_0;
  const ones = bytes[at + 1]! - DIGIT_0;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/**
 * The instant of `toIso`'s text at `from` (its first digit), read from the bytes, without a string
 * or Date.parse: null when the text is not in that form, or has a field out of the ranges where
 * Date.parse reads it the same way (a year below 100, which Date.UTC takes as 19xx, hour 24).
 */
function canonicalInstant(bytes: Buffer, from: number): number | null {
  if (
    bytes[from + 4] !== DASH ||
    bytes[from + 7] !== DASH ||
    bytes[from + 10] !== TIME_MARK ||
    bytes[from + 13] !== COLON ||
    bytes[from + 16] !== COLON ||
    bytes[from + 19] !== DOT ||
    bytes[from + 23] !== ZULU
  )
    return null;
  const century = twoDigits(bytes, from);
  const yearOfCentury = twoDigits(bytes, from + 2);
  const month = twoDigits(bytes, from + 5);
  const day = twoDigits(bytes, from + 8);
  const hours = twoDigits(bytes, from + 11);
  const minutes = twoDigits(bytes, from + 14);
  const seconds = twoDigits(bytes, from + 17);
  // The milliseconds' first two digits, and their last.
  const tenths = twoDigits(bytes, from + 20);
  const last = bytes[from + 22]! - DIGIT_0;
  if (century < 1 || yearOfCentury < 0 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return null;
  if (tenths < 0 || last < 0 || last > 9) return null;
  return Date.UTC(century * 100 + yearOfCentury, month - 1, day, hours, minutes, seconds, tenths * 10 + last);
}

/**
 * The version a row's bytes (`collectionRows`, `rowPlace`) were written at: the instant of its
 * envelope's `data_updated_at` as `resourceWriter` writes it (`toIso`'s text, which parses back to
 * its instant exactly), or null when it holds none. Read from the bytes: a page read against a
 * stored page checks every row it takes from it, and a string and Date.parse a row were half of
 * that (bench/README.md, twenty-second pass). Text in another form (an extended year) is read by
 * Date.parse, as before.
 */
export function rowVersion(row: Buffer): number | null {
  const key = updatedAtKey(row);
  if (key < 0) return null;
  const from = key + UPDATED_AT.length;
  if (row[from] !== QUOTE) return null;
  if (row[from + 1 + INSTANT_LENGTH] === QUOTE) {
    const instant = canonicalInstant(row, from + 1);
    if (instant !== null) return instant;
  }
  const to = row.indexOf(QUOTE, from + 1);
  const parsed = to > from ? Date.parse(row.toString('latin1', from + 1, to)) : Number.NaN;
  return Number.isNaN(parsed) ? null : parsed;
}

/** Whether a row's bytes (`collectionRows`) were written at version `updatedAt` (`rowVersion`). */
export function rowWrittenAt(row: Buffer, updatedAt: number): boolean {
  return rowVersion(row) === updatedAt;
}

/** Where one row's bytes lie in a page `collectionJson` wrote: `page.subarray(start, end)`. */
export interface RowPlace {
  readonly start: number;
  readonly end: number;
}

/**
 * Where row `id`'s bytes lie in a page `collectionJson` wrote, searched from `from` on (rows are
 * written in the page's order), or null when no row there has that id. Found as `collectionRows`
 * finds every row (`{"id":` begins a row and occurs nowhere else), by its id and the comma after
 * it: one native search, not the page's every row.
 */
export function rowPlace(page: Buffer, id: number, from = 0): RowPlace | null {
  const start = page.indexOf(`{"id":${id},`, from, 'latin1');
  if (start < 0) return null;
  const next = page.indexOf(ID, start + ID.length);
  const rowsEnd = page.length - PAGE_END.length;
  const end = next < 0 ? rowsEnd : next - 1;
  if (page[end - 1] !== ROW_CLOSE || (next >= 0 ? page[end] !== ROW_SEPARATOR : !page.subarray(rowsEnd).equals(PAGE_END))) return null;
  return { start, end };
}

/** A row of a page replaced by other bytes (splicedPage). */
export interface SplicedRow extends RowPlace {
  readonly bytes: Uint8Array;
}

/**
 * A page written from another page `collectionJson` wrote (`page`) whose rows are the same ones
 * in the same order but for `replaced` (at their places in `page`, in its order): `head`
 * (collectionHead, through the `data` array's opening) and the page's rows from the first on, each
 * replaced row's bytes swapped in. What `collectionJson` writes from the rows, when `page`'s other
 * rows are at the versions the new page's are (the caller's to prove).
 */
export function splicedPage(head: string, page: Buffer, replaced: readonly SplicedRow[]): Buffer | null {
  const first = page.indexOf(ID);
  if (first < 0 || page[first - 1] !== ROWS_OPEN) return null;
  const parts: Uint8Array[] = [Buffer.from(head)];
  let at = first;
  for (const row of replaced) {
    if (row.start < at) return null;
    parts.push(page.subarray(at, row.start), row.bytes);
    at = row.end;
  }
  parts.push(page.subarray(at));
  return Buffer.concat(parts);
}

/** A page `collectionJson` wrote and where each of its rows lies in its bytes: start and end, row by row. */
export interface PlacedPage {
  readonly plain: Buffer;
  readonly bytesAt: Uint32Array;
}

/**
 * What `collectionJson` writes from `head` (collectionHead) and `rows`, when the first rows are
 * `last`'s (a page it wrote) in its order, each at the version it holds unless in `fresh`, and any
 * rows after them are in `fresh`: each row in `fresh` written afresh, each run of the others copied
 * from `last`'s bytes at once, the commas between them included (a changed page's 500 rows copied
 * one by one were most of its writing, bench/README.md, twenty-fourth pass). With where each row
 * written lies (`written`) and where every row does (`bytesAt`).
 */
export function splicedOverLast<R extends { id: number; updatedAt: number }>(
  head: string,
  last: PlacedPage,
  rows: readonly { readonly id: number }[],
  fresh: ReadonlyMap<number, R>,
  writeRow: RowWriter<R>,
): PlacedPage & { readonly written: WrittenRow[] } {
  const lastRows = last.bytesAt.length / 2;
  const rowRoom = lastRows === 0 ? 0 : Math.ceil((ROW_SIZE_MARGIN * last.plain.length) / lastRows);
  const out = new JsonBytes(4 * head.length + last.plain.length + rowRoom * (fresh.size + Math.max(0, rows.length - lastRows)));
  out.json(head);
  const bytesAt = new Uint32Array(2 * rows.length);
  const written: WrittenRow[] = [];
  for (let i = 0; i < rows.length;) {
    if (i > 0) out.fragment(COMMA);
    const row = fresh.get(rows[i]!.id);
    if (row !== undefined) {
      const start = out.length;
      writeRow(out, row);
      bytesAt[2 * i] = start;
      bytesAt[2 * i + 1] = out.length;
      written.push({ id: row.id, updatedAt: row.updatedAt, start, end: out.length });
      i += 1;
      continue;
    }
    if (i >= lastRows) throw new Error(`row ${rows[i]!.id}, after the last page's rows, was not read in full`);
    let end = i + 1;
    while (end < lastRows && !fresh.has(rows[end]!.id)) end += 1;
    const from = last.bytesAt[2 * i]!;
    const shift = out.length - from;
    out.chunk(last.plain.subarray(from, last.bytesAt[2 * end - 1]));
    for (let j = 2 * i; j < 2 * end; j += 1) bytesAt[j] = last.bytesAt[j]! + shift;
    i = end;
  }
  out.fragment(PAGE_END);
  return { plain: out.bytes(), bytesAt, written };
}

/** A row whose `data` is stored as served, already JSON text (subjects). */
export interface StoredJsonRow {
  id: number;
  updatedAt: number;
  dataJson: string;
}

/** One resource envelope around `data` already JSON text, as text (resourceWriter). */
export function resourceJson(urls: Urls, collectionPath: string, object: string, row: StoredJsonRow): string {
  const out = new JsonBytes(row.dataJson.length + 256);
  resourceWriter<StoredJsonRow>(urls, collectionPath, object, (o, r) => o.json(r.dataJson))(out, row);
  return out.bytes().toString();
}

/** Room for the rest of a page once its first row is written: each row about that row's size and a fifth. */
const ROW_SIZE_MARGIN = 1.2;

/** A collection page's head, through its `data` array's opening: one small JSON.stringify, in the schema's order. */
export function collectionHead(
  urls: Urls,
  request: RequestAddress,
  path: string,
  perPage: number,
  page: Page<{ id: number }>,
  dataUpdatedAt: number | null,
): string {
  const head: Omit<CollectionEnvelope<unknown>, 'data'> = {
    object: 'collection',
    url: urls.request(request),
    pages: { per_page: perPage, ...pageLinks(urls, request, path, page) },
    total_count: page.totalCount,
    data_updated_at: toIsoOrNull(dataUpdatedAt),
  };
  return `${JSON.stringify(head).slice(0, -1)},"data":[`;
}

/**
 * A collection page's bytes: the envelope's head (one small JSON.stringify, in the schema's order)
 * and each row written by `writeRow` into one buffer (json-bytes.ts). Building and serialising an
 * envelope object per row was most of a sync page of 500 (bench/README.md, third pass), and so,
 * later, were building each row's text and encoding the page's (fifth pass).
 */
export function collectionJson<R extends { id: number }>(
  urls: Urls,
  request: RequestAddress,
  path: string,
  perPage: number,
  page: Page<R>,
  dataUpdatedAt: number | null,
  writeRow: RowWriter<R>,
): Buffer {
  const headJson = collectionHead(urls, request, path, perPage, page, dataUpdatedAt);
  const out = new JsonBytes(4 * headJson.length);
  out.json(headJson);
  const rows = page.rows;
  for (let i = 0; i < rows.length; i += 1) {
    if (i > 0) out.fragment(COMMA);
    const before = out.length;
    writeRow(out, rows[i]!);
    if (i === 0) out.reserve(Math.ceil((out.length - before) * ROW_SIZE_MARGIN * (rows.length - 1)));
  }
  out.fragment(PAGE_END);
  return out.bytes();
}
