import type { Page } from '../shared/paging.js';
import { toIso, toIsoOrNull } from '../shared/time.js';
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

/**
 * A writer of one collection's resource envelopes as JSON text around their `data`, already JSON
 * text: the text the envelope's schema serialises to (test/http/collection-bytes.test.ts). What is
 * the same for every row (the object, the url's escaped prefix) is written once.
 */
export function resourceWriter(
  urls: Urls,
  collectionPath: string,
  object: string,
): (id: number, updatedAt: number, dataJson: string) => string {
  // The id is digits, so the escaped prefix and the id make the escaped url.
  const head = `{"id":`;
  const middle = `,"object":${JSON.stringify(object)},"url":${JSON.stringify(urls.of(`${collectionPath}/`)).slice(0, -1)}`;
  return (id, updatedAt, dataJson) => `${head}${id}${middle}${id}","data_updated_at":"${toIso(updatedAt)}","data":${dataJson}}`;
}

/** One resource envelope as JSON text (resourceWriter), for collections whose rows differ in `object`. */
export function resourceJson(urls: Urls, collectionPath: string, object: string, id: number, updatedAt: number, dataJson: string): string {
  return resourceWriter(urls, collectionPath, object)(id, updatedAt, dataJson);
}

/**
 * A collection page as JSON text around its resources, already JSON text (resourceJson). Building
 * and serialising an envelope object per row, then encoding the text, was most of a sync page of
 * 500 (bench/README.md, third pass); the head is one small JSON.stringify, in the schema's order.
 */
export function collectionJson(
  urls: Urls,
  request: RequestAddress,
  path: string,
  perPage: number,
  page: Page<{ id: number }>,
  dataUpdatedAt: number | null,
  items: readonly string[],
): string {
  const head: Omit<CollectionEnvelope<unknown>, 'data'> = {
    object: 'collection',
    url: urls.request(request),
    pages: { per_page: perPage, ...pageLinks(urls, request, path, page) },
    total_count: page.totalCount,
    data_updated_at: toIsoOrNull(dataUpdatedAt),
  };
  // Appended one by one rather than joined: join copied every row's text into the page, and encoding
  // the page copied it again; appended, the rows are copied once, when the page is encoded (about
  // half the time of join and encoding for a page of 500, bench/README.md, fourth pass).
  let body = `${JSON.stringify(head).slice(0, -1)},"data":[`;
  for (let i = 0; i < items.length; i += 1) body += i === 0 ? items[i] : `,${items[i]}`;
  return `${body}]}`;
}
