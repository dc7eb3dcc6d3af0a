import type { Static } from 'typebox';
import type { SpreadMatrix } from '../../../domain/item-spread.js';
import type { SpreadItem } from '../../../domain/model/progress.js';
import type { ItemSpreadData, SpreadItemData } from './schema.js';

function presentItem({ subject: s }: SpreadItem): Static<typeof SpreadItemData> {
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

export function presentItemSpread(matrix: SpreadMatrix<SpreadItem>): Static<typeof ItemSpreadData> {
  return {
    total: matrix.total,
    buckets: matrix.buckets.map((b) => ({ ...b, types: b.types.map((t) => ({ ...t, items: t.items.map(presentItem) })) })),
  };
}
