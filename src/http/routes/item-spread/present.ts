import type { Static } from 'typebox';
import type { SpreadMatrix } from '../../../domain/item-spread.js';
import type { SpreadItem } from '../../../domain/model/progress.js';
import type { ItemSpreadData, SpreadItemData } from './schema.js';

type PresentedItem = Static<typeof SpreadItemData>;

/** Briefs are shared per content version (services/subject-briefs.ts), so each is presented once. */
const presented = new WeakMap<SpreadItem['subject'], PresentedItem>();

function presentItem({ subject }: SpreadItem): PresentedItem {
  let item = presented.get(subject);
  if (item === undefined) {
    item = presentBrief(subject);
    presented.set(subject, item);
  }
  return item;
}

function presentBrief(s: SpreadItem['subject']): PresentedItem {
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
