import Type from 'typebox';
import { SPREAD_BUCKETS, SPREAD_TYPES, type SpreadMatrix } from '../../../domain/item-spread.js';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { NullableString } from '../../schemas.js';
import type { SpreadItem } from '../../../domain/model/progress.js';

const literals = (keys: readonly string[]) => Type.Union(keys.map((k) => Type.Literal(k)));
const bucketKeys = SPREAD_BUCKETS.map((b) => b.key);
const typeKeys = SPREAD_TYPES.map((t) => t.key);

const Item = Type.Object({
  id: Type.Integer(),
  object: literals(SUBJECT_TYPES),
  data: Type.Object({
    slug: Type.String(),
    level: Type.Integer(),
    characters: NullableString,
    meanings: Type.Array(Type.Object({ meaning: Type.String(), primary: Type.Boolean() })),
  }),
});

export const ItemSpreadData = Type.Object({
  total: Type.Integer(),
  buckets: Type.Array(
    Type.Object({
      key: literals(bucketKeys),
      label: Type.String(),
      total: Type.Integer(),
      types: Type.Array(Type.Object({ key: literals(typeKeys), label: Type.String(), total: Type.Integer(), items: Type.Array(Item) })),
    }),
    { description: 'apprentice (stages 1-4), guru (5-6), master (7), enlightened (8), burned (9)' },
  ),
});

function presentItem({ subject: s }: SpreadItem) {
  return {
    id: s.id,
    object: s.object,
    data: {
      slug: s.slug,
      level: s.level,
      characters: s.characters,
      meanings: s.meanings.map((m) => ({ meaning: m.meaning, primary: m.primary })),
    },
  };
}

export function presentItemSpread(matrix: SpreadMatrix<SpreadItem>) {
  return {
    total: matrix.total,
    buckets: matrix.buckets.map((b) => ({ ...b, types: b.types.map((t) => ({ ...t, items: t.items.map(presentItem) })) })),
  };
}

const Counts = Type.Object({ radical: Type.Integer(), kanji: Type.Integer(), vocabulary: Type.Integer(), total: Type.Integer() });

/** The dashboard's item_spread: the same matrix, counts only. */
export const SpreadTotalsData = Type.Object(
  Object.fromEntries(bucketKeys.map((k) => [k, Counts])) as Record<(typeof bucketKeys)[number], typeof Counts>,
);
