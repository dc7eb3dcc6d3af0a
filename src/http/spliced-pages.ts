import type { Page, RowVersion } from '../shared/paging.js';
import { rowPlace, rowVersion, splicedPage, type RowPlace, type RowWriter, type SplicedRow } from './envelopes.js';
import { JsonBytes } from './json-bytes.js';

/**
 * The rows a write changed in a page stored earlier (`stored`, the bytes `collectionJson` wrote,
 * with its rows' key `storedKey`), by their places in it, when the page read now is that page but
 * for them; else null. The changed rows are the ones read at a version above `since`, the stored
 * page's newest (every write moves a row to the learner's next change stamp: docs/decisions.md,
 * "Kept row bytes"). Each is found in the stored bytes by its id and its version there read; the
 * rows read with those versions put back must then have the stored page's key (`keyOf`,
 * StoredPages.rowsKey: every row's id and version in order, the count and the links). So every
 * other row of the stored page is proven at the version the statement read, without each one's
 * bytes found and checked (collectionRows, rowWrittenAt), and the page never mixes two states.
 * Null too when no row is newer (rows gone, or the count or the links moved: the key differs
 * anyway) or one is not in the stored page (inserted since).
 */
export function changedRowsOf(
  stored: Buffer,
  storedKey: string,
  read: Page<RowVersion>,
  since: number,
  keyOf: (rows: Page<RowVersion>) => string,
): ReadonlyMap<number, RowPlace> | null {
  const places = new Map<number, RowPlace>();
  let before: RowVersion[] | null = null;
  // Rows are written in the page's order: each is searched for after the one before.
  let from = 0;
  for (let i = 0; i < read.rows.length; i += 1) {
    const row = read.rows[i]!;
    if (row.updatedAt <= since) continue;
    const place = rowPlace(stored, row.id, from);
    const version = place === null ? null : rowVersion(stored.subarray(place.start, place.end));
    if (place === null || version === null) return null;
    before ??= read.rows.slice();
    before[i] = { id: row.id, updatedAt: version };
    places.set(row.id, place);
    from = place.end;
  }
  if (before === null) return null;
  return keyOf({ ...read, rows: before }) === storedKey ? places : null;
}

/**
 * The page's bytes: `head` (collectionHead) and the stored page's rows with each changed row
 * (`changed`, changedRowsOf) written afresh from `fresh` in its place; null when a changed row is
 * not among `fresh`.
 */
export function splicedRows<R extends { id: number }>(
  head: string,
  stored: Buffer,
  changed: ReadonlyMap<number, RowPlace>,
  fresh: readonly R[],
  writeRow: RowWriter<R>,
): Buffer | null {
  const byId = new Map<number, R>();
  for (const row of fresh) byId.set(row.id, row);
  const out = new JsonBytes(1024 * changed.size);
  const written: { place: RowPlace; start: number; end: number }[] = [];
  for (const [id, place] of changed) {
    const row = byId.get(id);
    if (row === undefined) return null;
    const start = out.length;
    writeRow(out, row);
    written.push({ place, start, end: out.length });
  }
  const bytes = out.bytes();
  const replaced: SplicedRow[] = written.map(({ place, start, end }) => ({ ...place, bytes: bytes.subarray(start, end) }));
  return splicedPage(head, stored, replaced);
}
