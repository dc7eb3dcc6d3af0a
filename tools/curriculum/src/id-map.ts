// Append-only id map: a subject keeps its id for ever, so user assignments
// never get re-pointed by a rebuild. New keys get max+1 in curriculum order.
import { existsSync, readFileSync } from 'node:fs';
import { TYPE_ORDER, type SubjectType } from './types.js';

export const ID_MAP_HEADER = [
  '# Append-only subject id map of the open curriculum. Never edit or remove a row: ids are what user assignments point at.',
  '# Columns: id<TAB>type<TAB>key (key = the characters; for radicals the radical character). Withdrawn keys stay; their subject is emitted with hidden_at set.',
];

export interface IdMapRow {
  readonly id: number;
  readonly type: SubjectType;
  readonly key: string;
}

export const mapKey = (type: SubjectType, key: string): string => `${type}\t${key}`;

export function parseIdMap(text: string): IdMapRow[] {
  const rows: IdMapRow[] = [];
  const seenIds = new Set<number>();
  const seenKeys = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const [id, type, key] = line.split('\t');
    const n = Number(id);
    if (!Number.isInteger(n) || n < 1 || !TYPE_ORDER.includes(type as SubjectType) || !key) throw new Error(`id-map: bad row "${line}"`);
    if (seenIds.has(n) || seenKeys.has(mapKey(type as SubjectType, key))) throw new Error(`id-map: duplicate row "${line}"`);
    seenIds.add(n);
    seenKeys.add(mapKey(type as SubjectType, key));
    rows.push({ id: n, type: type as SubjectType, key });
  }
  return rows;
}

export function readIdMap(path: string): IdMapRow[] {
  return existsSync(path) ? parseIdMap(readFileSync(path, 'utf8')) : [];
}

/** Keeps every existing row and appends the keys it lacks, in the order given. */
export function extendIdMap(existing: readonly IdMapRow[], ordered: readonly { type: SubjectType; key: string }[]): IdMapRow[] {
  const rows = [...existing];
  const known = new Set(existing.map((r) => mapKey(r.type, r.key)));
  let next = existing.reduce((m, r) => Math.max(m, r.id), 0) + 1;
  for (const s of ordered) {
    if (known.has(mapKey(s.type, s.key))) continue;
    known.add(mapKey(s.type, s.key));
    rows.push({ id: next++, type: s.type, key: s.key });
  }
  return rows;
}

export function formatIdMap(rows: readonly IdMapRow[]): string {
  const body = [...rows].sort((a, b) => a.id - b.id).map((r) => `${r.id}\t${r.type}\t${r.key}`);
  return [...ID_MAP_HEADER, ...body].join('\n') + '\n';
}
