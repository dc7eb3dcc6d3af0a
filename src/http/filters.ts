import { SUBJECT_TYPES } from '../domain/subjects.js';
import { inInt32Range, MAX_INT32, MIN_INT32 } from '../shared/ids.js';
import { parseIsoInstant } from '../shared/time.js';
import { unprocessableError } from './errors.js';

/** The raw query object as Fastify parses it (repeated keys become arrays). */
export type RawQuery = Record<string, string | string[] | undefined>;

function raw(query: RawQuery, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(',') : value;
}

function items(query: RawQuery, name: string): string[] | undefined {
  const value = raw(query, name);
  if (value === undefined) return undefined;
  const list = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  // An empty filter means the same as an absent one: `?ids=` returns all rows.
  return list.length === 0 ? undefined : list;
}

const INTEGER = /^-?\d{1,15}$/;

/** Comma-separated integers, no cap on their count; 422 for a value that is not an integer. */
export function intList(query: RawQuery, name: string): number[] | undefined {
  const list = items(query, name);
  if (list === undefined) return undefined;
  if (!list.every((item) => INTEGER.test(item))) {
    throw unprocessableError(`${name} must be a comma-separated list of integers.`);
  }
  // A value beyond the 32-bit columns can match no row; -1 matches none either (ids, levels and
  // stages are never negative), so a list of only such values still filters everything out.
  const values = [...new Set(list.map(Number).filter(inInt32Range))];
  return values.length > 0 ? values : [-1];
}

/** Comma-separated values from a fixed set; 422 for anything else. */
export function enumList<T extends string>(query: RawQuery, name: string, allowed: readonly T[]): T[] | undefined {
  const list = items(query, name);
  if (list === undefined) return undefined;
  const bad = list.find((item) => !(allowed as readonly string[]).includes(item));
  if (bad !== undefined) {
    throw unprocessableError(`${name} must be a comma-separated list of: ${allowed.join(', ')}.`);
  }
  return [...new Set(list as T[])];
}

export function stringList(query: RawQuery, name: string): string[] | undefined {
  return items(query, name);
}

/** Booleans: only `true` and `1` are true; an empty value is no filter. */
export function bool(query: RawQuery, name: string): boolean | undefined {
  const value = raw(query, name);
  if (value === undefined || value.trim() === '') return undefined;
  return value === 'true' || value === '1';
}

/** Valueless flags: `?in_review`, `?in_review=true` and `=1` set it; `=false` is ignored. */
export function flag(query: RawQuery, name: string): boolean {
  const value = raw(query, name);
  return value !== undefined && ['', 'true', '1'].includes(value.trim());
}

/** A single integer parameter (percentages); 422 when not an integer. */
export function integer(query: RawQuery, name: string): number | undefined {
  const value = raw(query, name);
  if (value === undefined || value.trim() === '') return undefined;
  if (!INTEGER.test(value.trim())) throw unprocessableError(`${name} must be an integer.`);
  return Math.min(Math.max(Number(value.trim()), MIN_INT32), MAX_INT32);
}

/** An instant filter; an unparseable value is ignored, never rejected. */
export function instant(query: RawQuery, name: string): number | undefined {
  const value = raw(query, name);
  if (value === undefined || value.trim() === '') return undefined;
  return parseIsoInstant(value) ?? undefined;
}

/** `updated_after`: strictly after; unparseable values are ignored; future values are allowed. */
export function updatedAfter(query: RawQuery): number | undefined {
  return instant(query, 'updated_after');
}

/** The filters every collection takes: `ids` and `updated_after`. */
export function idFilters(query: RawQuery) {
  return { ids: intList(query, 'ids'), updatedAfter: updatedAfter(query) };
}

/** The filters of the per-subject collections (review statistics, study materials). */
export function subjectScopedFilters(query: RawQuery) {
  return {
    ids: intList(query, 'ids'),
    subjectIds: intList(query, 'subject_ids'),
    subjectTypes: enumList(query, 'subject_types', SUBJECT_TYPES),
    hidden: bool(query, 'hidden'),
    updatedAfter: updatedAfter(query),
  };
}
