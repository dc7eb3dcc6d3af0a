import type { SubjectType } from './subjects.js';

/** The dashboard's stage groups: Apprentice 1 to 4, Guru 5 to 6, Master 7, Enlightened 8, Burned 9. */
export const SPREAD_BUCKETS = [
  { key: 'apprentice', label: 'Apprentice', stages: [1, 2, 3, 4] },
  { key: 'guru', label: 'Guru', stages: [5, 6] },
  { key: 'master', label: 'Master', stages: [7] },
  { key: 'enlightened', label: 'Enlightened', stages: [8] },
  { key: 'burned', label: 'Burned', stages: [9] },
] as const;
export type SpreadBucketKey = (typeof SPREAD_BUCKETS)[number]['key'];

/** kana_vocabulary is shown with vocabulary. */
export const SPREAD_TYPES = [
  { key: 'radical', label: 'Radicals' },
  { key: 'kanji', label: 'Kanji' },
  { key: 'vocabulary', label: 'Vocabulary' },
] as const;
export type SpreadTypeKey = (typeof SPREAD_TYPES)[number]['key'];

function spreadBucketOf(stage: number): SpreadBucketKey | null {
  return SPREAD_BUCKETS.find((b) => (b.stages as readonly number[]).includes(stage))?.key ?? null;
}

function spreadTypeOf(type: SubjectType): SpreadTypeKey {
  return type === 'kana_vocabulary' ? 'vocabulary' : type;
}

/** An assignment's place in the matrix. */
export interface Placed {
  stage: number;
  type: SubjectType;
}

export type SpreadTotals = Record<SpreadBucketKey, Record<SpreadTypeKey, number> & { total: number }>;

/** Counts per bucket and type group from counts per stage and subject type (stage 0 has no bucket). */
export function spreadTotals(counts: readonly (Placed & { count: number })[]): SpreadTotals {
  const totals = Object.fromEntries(SPREAD_BUCKETS.map((b) => [b.key, { radical: 0, kanji: 0, vocabulary: 0, total: 0 }])) as SpreadTotals;
  for (const { stage, type, count } of counts) {
    const bucket = spreadBucketOf(stage);
    if (bucket === null) continue;
    totals[bucket][spreadTypeOf(type)] += count;
    totals[bucket].total += count;
  }
  return totals;
}

export interface SpreadCell<T> {
  key: SpreadTypeKey;
  label: string;
  total: number;
  items: T[];
}

export interface SpreadBucket<T> {
  key: SpreadBucketKey;
  label: string;
  total: number;
  types: SpreadCell<T>[];
}

export interface SpreadMatrix<T> {
  total: number;
  buckets: SpreadBucket<T>[];
}

/** Every bucket and type group, always all of them; items keep the order they come in. */
export function spreadMatrix<T extends Placed>(items: readonly T[]): SpreadMatrix<T> {
  const buckets = SPREAD_BUCKETS.map((b) => ({
    key: b.key,
    label: b.label,
    total: 0,
    types: SPREAD_TYPES.map((t) => ({ key: t.key, label: t.label, total: 0, items: [] as T[] })),
  }));
  let total = 0;
  for (const item of items) {
    const bucketKey = spreadBucketOf(item.stage);
    const bucket = buckets.find((b) => b.key === bucketKey);
    const cell = bucket?.types.find((t) => t.key === spreadTypeOf(item.type));
    if (bucket === undefined || cell === undefined) continue;
    cell.items.push(item);
    cell.total += 1;
    bucket.total += 1;
    total += 1;
  }
  return { total, buckets };
}
