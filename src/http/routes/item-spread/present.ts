import type { Static } from 'typebox';
import type { SpreadMatrix } from '../../../domain/item-spread.js';
import type { SpreadItem } from '../../../domain/model/progress.js';
import type { SubjectBrief } from '../../../domain/model/subjects.js';
import type { ReportEnvelope } from '../../envelopes.js';
import type { ItemSpreadData, SpreadItemData } from './schema.js';

type PresentedItem = Static<typeof SpreadItemData>;

function presentBrief(s: SubjectBrief): PresentedItem {
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

/** The matrix with every cell's items left out: the frame spreadBody puts the items into. */
export function presentFrame(matrix: SpreadMatrix<SpreadItem>): Static<typeof ItemSpreadData> {
  return {
    total: matrix.total,
    buckets: matrix.buckets.map((b) => ({ ...b, types: b.types.map((t) => ({ ...t, items: [] })) })),
  };
}

/** What a cell's empty items serialise to in the frame. */
const EMPTY_ITEMS = '"items":[';
const EMPTY_ITEMS_END = ']';
const COMMA = 0x2c;

/** Each subject's item serialised, once per brief: briefs are shared per content version (services/subject-briefs.ts). */
const serialised = new WeakMap<SubjectBrief, Buffer>();

function itemBytes(subject: SubjectBrief): Buffer {
  let bytes = serialised.get(subject);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(presentBrief(subject)));
    serialised.set(subject, bytes);
  }
  return bytes;
}

/**
 * GET /item_spread's body: the report around presentFrame (every cell's items empty, in cell
 * order) with each cell's items put in as bytes serialised once per subject and content version.
 * The same bytes as the route's schema serializer makes of the whole matrix
 * (test/http/item-spread.test.ts), which on every request was most of the time for a learner
 * holding every subject: 11,000 items, 1.6 MB (bench/README.md, third pass).
 */
export function spreadBody(report: ReportEnvelope<Static<typeof ItemSpreadData>>, matrix: SpreadMatrix<SpreadItem>): Buffer {
  const frame = JSON.stringify(report);
  const hole = `${EMPTY_ITEMS}${EMPTY_ITEMS_END}`;
  const between = frame.split(hole);
  const cells = matrix.buckets.flatMap((b) => b.types);
  if (between.length !== cells.length + 1) throw new Error('item_spread: the frame must hold one empty items array per cell');
  const texts = between.map((text, i) => Buffer.from(`${i === 0 ? '' : EMPTY_ITEMS_END}${text}${i < cells.length ? EMPTY_ITEMS : ''}`));
  const items = cells.map((cell) => cell.items.map((item) => itemBytes(item.subject)));
  let length = 0;
  for (const text of texts) length += text.length;
  for (const cell of items) {
    length += Math.max(0, cell.length - 1);
    for (const item of cell) length += item.length;
  }
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  texts.forEach((text, c) => {
    body.set(text, at);
    at += text.length;
    (items[c] ?? []).forEach((item, i) => {
      if (i > 0) body[at++] = COMMA;
      body.set(item, at);
      at += item.length;
    });
  });
  return body;
}
