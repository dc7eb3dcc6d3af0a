import type { Page } from '../shared/paging.js';
import { toIso, toIsoOrNull } from '../shared/time.js';
import { fragment, JsonBytes } from './json-bytes.js';
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

/** The id a row's bytes begin with (`{"id":<digits>`), or null. */
function rowId(page: Buffer, start: number): number | null {
  const digits = start + ID.length;
  if (page.compare(ID, 0, ID.length, start, digits) !== 0) return null;
  let id = 0;
  let at = digits;
  for (; page[at]! >= DIGIT_0 && page[at]! <= DIGIT_9; at += 1) id = id * 10 + page[at]! - DIGIT_0;
  return at === digits ? null : id;
}

/**
 * Whether a row's bytes (`collectionRows`) were written at version `updatedAt`: its envelope's
 * `data_updated_at` is that instant as `resourceWriter` writes it. The envelope's is the row's first
 * (only the object's name and the url come before it, and neither holds an unescaped quote).
 */
export function rowWrittenAt(row: Buffer, updatedAt: number): boolean {
  const key = row.indexOf(UPDATED_AT);
  if (key < 0) return false;
  const from = key + UPDATED_AT.length;
  const to = row.indexOf(QUOTE, from + 1);
  // `toIso`'s text (what `instant` writes) parses back to its instant exactly.
  return row[from] === QUOTE && to > from && Date.parse(row.toString('latin1', from + 1, to)) === updatedAt;
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
  const head: Omit<CollectionEnvelope<unknown>, 'data'> = {
    object: 'collection',
    url: urls.request(request),
    pages: { per_page: perPage, ...pageLinks(urls, request, path, page) },
    total_count: page.totalCount,
    data_updated_at: toIsoOrNull(dataUpdatedAt),
  };
  const headJson = `${JSON.stringify(head).slice(0, -1)},"data":[`;
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
