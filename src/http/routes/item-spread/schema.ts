import Type from 'typebox';
import { SPREAD_BUCKETS, SPREAD_TYPES } from '../../../domain/item-spread.js';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { errors, NullableString, OneOf, ReportSchema } from '../../schemas.js';

const bucketKeys = SPREAD_BUCKETS.map((b) => b.key);
const typeKeys = SPREAD_TYPES.map((t) => t.key);

export const SpreadItemData = Type.Object({
  id: Type.Integer(),
  object: OneOf(SUBJECT_TYPES),
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
      key: OneOf(bucketKeys),
      label: Type.String(),
      total: Type.Integer(),
      types: Type.Array(
        Type.Object({ key: OneOf(typeKeys), label: Type.String(), total: Type.Integer(), items: Type.Array(SpreadItemData) }),
      ),
    }),
    { description: 'apprentice (stages 1-4), guru (5-6), master (7), enlightened (8), burned (9)' },
  ),
});

const Counts = Type.Object({ radical: Type.Integer(), kanji: Type.Integer(), vocabulary: Type.Integer(), total: Type.Integer() });

/** The dashboard's item_spread: the same matrix, counts only. */
export const SpreadTotalsData = Type.Object(
  Object.fromEntries(bucketKeys.map((k) => [k, Counts])) as Record<(typeof bucketKeys)[number], typeof Counts>,
);

export const itemSpreadSchema = {
  tags: ['screens'],
  summary: 'The stage-by-type matrix with the items in each cell',
  response: { 200: ReportSchema(ItemSpreadData, Type.Literal('report')), ...errors(401) },
};
