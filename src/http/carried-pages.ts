import type { CommittedWrite } from '../domain/learner-state-key.js';
import type { Page, RowVersion } from '../shared/paging.js';
import { splicedOverLast, type RowWriter } from './envelopes.js';
import { writtenOfBytes, type KeptCollectionRows, type WrittenPage, type WrittenRow } from './kept-rows.js';
import { PreparedPage, type PageMemo } from './prepared-pages.js';

/** Where a learner's write that carried its pages says so (learner-gate.ts, LearnerWriteGate.noteCarried). */
interface WriteGate {
  noteCarried(userId: number, dataVersion: string): void;
}

/** What carrying a learner's full collection needs of its registration (collection-routes.ts). */
export interface CarriedCollection<R extends RowVersion> {
  /** The collection's kept rows and pages written. */
  readonly rows: KeptCollectionRows;
  /** The address of its first page with no filters, as requested (`/api/v1/study_materials`); the next ones follow it by `page_after_id`. */
  readonly first: string;
  /** The page's head through its `data` array's opening (envelopes.ts, collectionHead) for the request address `address`. */
  head(address: string, page: Page<RowVersion>, dataUpdatedAt: number): string;
  readonly writeRow: RowWriter<R>;
}

/**
 * A write's complete changes of learner collections, by collection path: the rows it updated, as a
 * page statement reads them after it, in a collection none of whose rows it inserted or deleted (an
 * empty list: none written). A collection not named may have changed: nothing of it is carried.
 */
export type WrittenCollections = ReadonlyMap<string, readonly RowVersion[]>;

/** A page carried: its bytes, the places (in its order) of the rows the write moved, where each row lies in the bytes, and the rows written afresh in it. */
interface Carried {
  readonly page: PreparedPage;
  readonly places: readonly number[];
  readonly bytesAt: Uint32Array;
  readonly written: readonly WrittenRow[];
}

/**
 * A learner's own write carried into the pages this process keeps of the learner's full
 * collections, so the learner's next sync is served from the page memo (docs/decisions.md, "A
 * learner's own write carried into its kept pages"). When a write committed, moving the learner's
 * change stamp from `from` to `to` with no other write of the learner between them, a page kept
 * under exactly `from` whose rows are none newer than `from` is the page of that state; the write's
 * complete changes of its collection (`WrittenCollections`) then give the page of `to`: the same
 * bytes when none of its rows changed, else those bytes with each updated row's envelope written
 * in its place and the head's data_updated_at moved. The old key is dropped: stamps never return.
 */
export class CarriedPages {
  readonly #memo: PageMemo;
  readonly #gate: WriteGate;
  readonly #collections = new Map<string, CarriedCollection<RowVersion>>();
  /** Pages carried and not yet served, noted as written: stored when first served, as a page built is (stored-pages.ts). */
  readonly #unstored = new WeakMap<PreparedPage, WrittenPage>();

  constructor(memo: PageMemo, gate: WriteGate) {
    this.#memo = memo;
    this.#gate = gate;
  }

  /** Registers a learner's collection by its path: only a collection whose pages are kept in the memo with their rows. */
  register<R extends RowVersion>(path: string, collection: CarriedCollection<R>): void {
    // A write names the rows of a collection by its path, so they are the rows this collection writes.
    this.#collections.set(path, collection as unknown as CarriedCollection<RowVersion>);
  }

  /**
   * Carries the learner's kept pages of each collection named in `changes` from the write's `from`
   * to its `to`. Called once the write committed, inside the learner's write gate (in commit order).
   */
  carry(userId: number, uuid: string, write: CommittedWrite, changes: WrittenCollections): void {
    let carriedTo: string | null = null;
    for (const [path, updated] of changes) {
      const collection = this.#collections.get(path);
      // A row the write did not move to its stamp is not one of its changes as read after it: nothing carried.
      if (collection === undefined || updated.some((row) => row.updatedAt !== write.to)) continue;
      carriedTo = this.#carryCollection(collection, uuid, write, updated) ?? carriedTo;
    }
    if (carriedTo !== null) this.#gate.noteCarried(userId, carriedTo);
  }

  /** The rows of a page carried and not yet served (then forgotten here): it is to be stored now, under the version it is served in. */
  takeUnstored(page: PreparedPage): Page<RowVersion> | undefined {
    const written = this.#unstored.get(page);
    if (written === undefined) return undefined;
    this.#unstored.delete(page);
    return written.page();
  }

  /** Carries one collection's pages, first page first, while each is kept at `from`; the data version they were carried to, if any. */
  #carryCollection(
    collection: CarriedCollection<RowVersion>,
    uuid: string,
    { from, to }: CommittedWrite,
    updated: readonly RowVersion[],
  ): string | null {
    let carriedTo: string | null = null;
    for (let address: string | null = collection.first; address !== null;) {
      const written = collection.rows.writtenPage(uuid, address);
      if (written === null) break;
      const { contentVersion } = written.readAt;
      const before = `${uuid}@${from} ${contentVersion}`;
      // Read under `from` with no row newer: its snapshot had no later write of the learner's rows
      // on this page (any such row would be newer), and it was read after `from` was.
      if (written.readAt.stamp !== from || written.memoKey !== `${before} ${address}` || written.newest > from) break;
      const kept = this.#memo.peek(written.memoKey);
      // The memo's page is the one noted as written (not another build kept under its key): its rows lie where noted.
      if (kept === undefined || writtenOfBytes.get(kept.plain) !== written) break;
      const carried = carriedPage(collection, address, written, kept, updated, to);
      const after = `${uuid}@${to} ${contentVersion}`;
      const key = `${after} ${address}`;
      collection.rows.keepWritten(uuid, carried.page.plain, carried.written);
      const rows = { carried: written, places: carried.places, to };
      const noted = collection.rows.keepCarried(uuid, address, rows, key, { stamp: to, contentVersion }, carried.bytesAt);
      writtenOfBytes.set(carried.page.plain, noted);
      this.#memo.delete(written.memoKey);
      this.#memo.set(key, carried.page);
      this.#unstored.set(carried.page, noted);
      carriedTo = after;
      const next = written.nextAfter;
      address = next === null ? null : `${collection.first}?page_after_id=${next}`;
    }
    return carriedTo;
  }
}

/**
 * The page `kept` (the memo's bytes of `written`) with the write's rows updated on it: itself when
 * none is; else its bytes with a new head (data_updated_at `to`, the newest: every other row is at or
 * below `from`) and each updated row's envelope written in its place, the rest copied in runs.
 */
function carriedPage(
  collection: CarriedCollection<RowVersion>,
  address: string,
  written: WrittenPage,
  kept: PreparedPage,
  updated: readonly RowVersion[],
  to: number,
): Carried {
  const changed: { readonly place: number; readonly row: RowVersion }[] = [];
  for (const row of updated) {
    const place = written.placeOf(row.id);
    if (place >= 0) changed.push({ place, row });
  }
  if (changed.length === 0) return { page: kept, places: [], bytesAt: written.bytesAt, written: [] };
  // The head reads the page's first and last ids, its count and links: the write moved none of them.
  const page = written.page();
  const head = collection.head(address, page, to);
  const fresh = new Map(changed.map(({ row }) => [row.id, row]));
  const spliced = splicedOverLast(head, { plain: kept.plain, bytesAt: written.bytesAt }, page.rows, fresh, collection.writeRow);
  const places = changed.map(({ place }) => place).sort((a, b) => a - b);
  return { page: new PreparedPage(spliced.plain, to), places, bytesAt: spliced.bytesAt, written: spliced.written };
}
