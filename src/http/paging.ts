import { MAX_INT32, MIN_INT32 } from '../shared/ids.js';
import type { Cursor } from '../shared/paging.js';
import { unprocessableError } from './errors.js';
import type { RawQuery } from './filters.js';

/** Fixed page sizes of the contract: clients cannot change them. */
export const PER_PAGE_LARGE = 1000;
export const PER_PAGE_DEFAULT = 500;

const CURSOR_KEYS = ['page_after_id', 'page_before_id'];

function cursorValue(query: RawQuery, name: string): number | undefined {
  const value = query[name];
  const text = Array.isArray(value) ? value[value.length - 1] : value;
  if (text === undefined || text.trim() === '') return undefined;
  if (!/^-?\d{1,15}$/.test(text.trim())) throw unprocessableError(`${name} must be an integer.`);
  // Beyond the 32-bit id columns a cursor means "after (or before) everything".
  return Math.min(Math.max(Number(text.trim()), MIN_INT32), MAX_INT32);
}

/** Reads the id cursors; when both are given `page_after_id` wins (see docs/decisions.md, Cursor rules). */
export function readCursor(query: RawQuery): Cursor {
  const afterId = cursorValue(query, 'page_after_id');
  const beforeId = cursorValue(query, 'page_before_id');
  if (afterId !== undefined) return { afterId };
  if (beforeId !== undefined) return { beforeId };
  return {};
}

/** A query key as text; a malformed escape (`%zz`) is kept as written: it names no cursor. */
function keyOf(pair: string): string {
  const key = pair.split('=')[0] ?? '';
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
}

/** The request's query string without its cursors, kept byte for byte (valueless flags stay valueless). */
export function filtersOf(rawUrl: string): string[] {
  const queryStart = rawUrl.indexOf('?');
  if (queryStart < 0) return [];
  return rawUrl
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '' && !CURSOR_KEYS.includes(keyOf(pair)));
}

/** A page link: the cursor first, then the request's filters. */
export function pageUrl(baseUrl: string, path: string, cursor: string, filters: string[]): string {
  return `${baseUrl}${path}?${[cursor, ...filters].join('&')}`;
}
