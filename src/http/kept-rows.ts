import type { ChangesRead, Page, RowVersion } from '../shared/paging.js';

const MB = 1024 * 1024;
/** What an entry holds beyond its row's bytes (the entry and the map's slot), counted in its weight. */
const ENTRY_OVERHEAD_BYTES = 96;
/** What a page address's key weighs a character (a two-byte string at most). */
const UTF16_BYTES = 2;
/** What a written page's row weighs in its versions: an id and an updated_at as doubles, and where its bytes lie (two 32-bit offsets). */
const ROW_VERSION_BYTES = 24;
/** The budget is held by two generations of entries: the one being filled and the one before. */
const GENERATIONS = 2;
/** Credentials whose learner is expected (`KeptRowBytes.expect`), the oldest dropped past it: a few hundred bytes each. */
const EXPECTED_CREDENTIALS = 4096;

/** The learner state a page was read in: the change stamp and content version its memo key names. */
export interface ReadState {
  readonly stamp: number;
  readonly contentVersion: number;
}

/**
 * What a statement read of a learner's whole collection (no filters) in a snapshot at or after a
 * learner data version: the count, the ids of the rows at a version above `since` (null when more
 * than a page), and how many of those this process kept at no version at or below `since` (rows
 * that may be new: the others were there by then).
 */
interface NotedChanges {
  readonly dataVersion: string;
  readonly contentVersion: number;
  readonly since: number;
  readonly totalCount: number;
  readonly ids: readonly number[] | null;
  readonly unknown: number;
}

/**
 * The learner a credential named when it was last served a page built afresh, the learner's data
 * version then, and the learner's write mark in this process then (LearnerWriteGate.writeMark).
 */
export interface ExpectedOwner {
  readonly userId: number;
  readonly uuid: string;
  readonly dataVersion: string;
  readonly writeMark: number;
}

/** One row's resource envelope as a page writes it, for the learner and version it was written at. */
interface KeptRow {
  readonly owner: string;
  readonly updatedAt: number;
  readonly bytes: Buffer;
}

/** A row of a page that was written afresh: where its bytes lie in the page. */
export interface WrittenRow {
  readonly id: number;
  readonly updatedAt: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Each row's serialised envelope in learners' collection pages, by row id, valid for the learner
 * (uuid) and the row's updated_at it was written at: every write of a row moves its updated_at to
 * the learner's next change stamp, so the same version means the same bytes. A page built after a
 * write then reads only its rows' ids and versions and writes afresh only the few that changed
 * (docs/decisions.md, "Kept row bytes"). One per mount (a row's `url` names it), its collections
 * within `maxMegabytes` together; 0 keeps none.
 *
 * Two generations instead of a least-recently-used list: a page looks up 500 rows, and lru-cache's
 * bookkeeping on each `get` was a tenth of a page built after a write (bench/README.md, sixth
 * pass). Rows are added to the current generation (and so are rows found only in the previous
 * one); when it holds half the budget it becomes the previous one and the one before is dropped,
 * so at most the budget is held and every row used within the last generation stays.
 */
export class KeptRowBytes {
  readonly #generationBytes: number;
  readonly #collections = new Map<string, KeptCollectionRows>();
  readonly #expected = new Map<string, ExpectedOwner>();
  #filled = 0;

  constructor(maxMegabytes: number) {
    this.#generationBytes = (maxMegabytes * MB) / GENERATIONS;
  }

  get enabled(): boolean {
    return this.#generationBytes > 0;
  }

  /** The kept rows of one collection (by its path), sharing the budget. */
  of(collection: string): KeptCollectionRows {
    let rows = this.#collections.get(collection);
    if (rows === undefined) {
      rows = new KeptCollectionRows((weight) => this.#added(weight));
      this.#collections.set(collection, rows);
    }
    return rows;
  }

  /**
   * Notes the learner a credential (by its hash, never the token) named when a page was built
   * afresh for it: the next page it asks for is then likely not kept either (a sync after a write,
   * page after page), and on PostgreSQL its page statement may check the credential itself.
   */
  expect(credentialHash: string, owner: ExpectedOwner): void {
    this.#expected.delete(credentialHash);
    this.#expected.set(credentialHash, owner);
    if (this.#expected.size > EXPECTED_CREDENTIALS) this.#expected.delete(this.#expected.keys().next().value!);
  }

  /** The learner a credential was last noted naming (`expect`), if any: an expectation only, checked by the statement. */
  expected(credentialHash: string): ExpectedOwner | undefined {
    return this.#expected.get(credentialHash);
  }

  #added(weight: number): void {
    this.#filled += weight;
    if (this.#filled <= this.#generationBytes) return;
    this.#filled = 0;
    for (const rows of this.#collections.values()) rows.nextGeneration();
  }
}

/** A page noted as written (`carried`) with the rows at `places` (in its order) moved to version `to` by a write (carried-pages.ts). */
export interface CarriedRows {
  readonly carried: WrittenPage;
  readonly places: readonly number[];
  readonly to: number;
}

/**
 * The page last written at an address for a learner: the newest version among its rows, and where
 * the learner page memo keeps its bytes (null when the page is not kept there) with the rows'
 * versions and links it was written from. Rows only gain newer versions, so a page statement that
 * reads the same ids at the same versions, count and links reads the same page: its bytes and ETag
 * are those the memo keeps, and a page after a write to rows outside it is that page again.
 */
export class WrittenPage {
  readonly newest: number;
  readonly memoKey: string | null;
  /** The learner state the page was read in (at or after it: never an older one). */
  readonly readAt: ReadState;
  readonly #ids: Float64Array;
  readonly #versions: Float64Array;
  readonly #totalCount: number;
  readonly #hasNext: boolean;
  readonly #hasPrevious: boolean;
  /** Where each row's bytes lie in the page the memo keeps: start and end, row by row. */
  readonly #bytesAt: Uint32Array;

  constructor(newest: number, memoKey: string | null, page: Page<RowVersion> | CarriedRows, readAt: ReadState, bytesAt: Uint32Array) {
    this.newest = newest;
    this.memoKey = memoKey;
    this.readAt = readAt;
    this.#bytesAt = memoKey === null ? new Uint32Array(0) : bytesAt;
    if ('carried' in page) {
      // The page's ids are never written once noted: shared; its versions copied only when rows moved.
      const { carried, places, to } = page;
      this.#ids = carried.#ids;
      this.#versions = places.length === 0 ? carried.#versions : carried.#versions.slice();
      for (const place of places) this.#versions[place] = to;
      this.#totalCount = carried.#totalCount;
      this.#hasNext = carried.#hasNext;
      this.#hasPrevious = carried.#hasPrevious;
      return;
    }
    const count = memoKey === null ? 0 : page.rows.length;
    this.#ids = new Float64Array(count);
    this.#versions = new Float64Array(count);
    for (let i = 0; i < count; i += 1) {
      this.#ids[i] = page.rows[i]!.id;
      this.#versions[i] = page.rows[i]!.updatedAt;
    }
    this.#totalCount = page.totalCount;
    this.#hasNext = page.hasNext;
    this.#hasPrevious = page.hasPrevious;
  }

  /** Whether `page` is the page written (never, when it was not kept in the memo). */
  same(page: Page<RowVersion>): boolean {
    const { rows } = page;
    if (this.memoKey === null || rows.length !== this.#ids.length) return false;
    if (page.totalCount !== this.#totalCount || page.hasNext !== this.#hasNext || page.hasPrevious !== this.#hasPrevious) return false;
    for (let i = 0; i < rows.length; i += 1) {
      if (rows[i]!.id !== this.#ids[i] || rows[i]!.updatedAt !== this.#versions[i]) return false;
    }
    return true;
  }

  /**
   * Whether the page read in the state `changes` were read in is this page (never, when it was not
   * kept in the memo). Every row written or inserted after this page's snapshot is at a version
   * above the stamp it was read at, so, with `since` at or below that stamp, among `changes.ids`.
   * Each of those was there by `since` (NotedChanges), and ids are never handed out again, so none
   * was inserted since this page was read: with the same count, none was deleted either, and the
   * learner's set of rows is the one this page was read from. None of this page's rows among them,
   * every row is at the version written: the same rows, count and links.
   */
  leftAloneBy(changes: NotedChanges): boolean {
    if (this.memoKey === null || this.readAt.stamp < changes.since || this.readAt.contentVersion !== changes.contentVersion) return false;
    if (changes.ids === null || changes.unknown > 0 || this.#totalCount !== changes.totalCount) return false;
    return changes.ids.every((id) => !this.#holds(id));
  }

  /**
   * Whether `changes` show that the learner's rows are not this page's snapshot's with, at most,
   * rows inserted since (more changes than a page, or a count that inserts do not explain: a row
   * deleted): the changes since this page then cannot tell the page now (paging.ts, changedPage).
   */
  rowsMovedBy(changes: NotedChanges): boolean {
    return changes.ids === null || changes.totalCount !== this.#totalCount + changes.unknown;
  }

  /** Whether the page's rows (in ascending id order, as a page statement reads them) hold `id`. */
  #holds(id: number): boolean {
    return this.placeOf(id) >= 0;
  }

  /** Row `id`'s place among the page's rows (in ascending id order, as a page statement reads them), or -1. */
  placeOf(id: number): number {
    let low = 0;
    let high = this.#ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.#ids[middle]!;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return -1;
  }

  /** The id of the page's last row, when a page follows it (null when none does, or the page is not kept in the memo). */
  get nextAfter(): number | null {
    return this.#hasNext && this.#ids.length > 0 ? this.#ids[this.#ids.length - 1]! : null;
  }

  /** Where each row's bytes lie in the page the memo keeps (RowsWritten.bytesAt). */
  get bytesAt(): Uint32Array {
    return this.#bytesAt;
  }

  /** The rows' versions, count and links the page was written from. */
  page(): Page<RowVersion> {
    const rows = new Array<RowVersion>(this.#ids.length);
    for (let i = 0; i < rows.length; i += 1) rows[i] = { id: this.#ids[i]!, updatedAt: this.#versions[i]! };
    return { rows, totalCount: this.#totalCount, hasNext: this.#hasNext, hasPrevious: this.#hasPrevious };
  }

  get weight(): number {
    return ENTRY_OVERHEAD_BYTES + ROW_VERSION_BYTES * this.#ids.length;
  }
}

/**
 * The page last written at an address (KeptCollectionRows.keepPage) whose bytes these are, by the
 * bytes: its rows' places in them hold only for these very bytes, as long as they live.
 */
export const writtenOfBytes = new WeakMap<Buffer, WrittenPage>();

/**
 * One collection's kept rows (KeptRowBytes.of), and for each page address a learner was served,
 * the page written there (`WrittenPage`): the rows of that page at or below its newest version were
 * kept when it was written, and a row changed since is newer (paging.ts, pageByIdAgainst), so a
 * page after a write reads in full only its newer rows, in the same statement as the versions.
 */
export class KeptCollectionRows {
  #current = new Map<number, KeptRow>();
  #previous = new Map<number, KeptRow>();
  #currentPages = new Map<string, WrittenPage>();
  #previousPages = new Map<string, WrittenPage>();
  /** The changes last noted for each learner (by uuid), in the same generations as the rows. */
  #currentChanges = new Map<string, NotedChanges>();
  #previousChanges = new Map<string, NotedChanges>();
  readonly #added: (weight: number) => void;

  constructor(added: (weight: number) => void) {
    this.#added = added;
  }

  /** The row's bytes kept for this learner at this version, if any. */
  get(owner: string, id: number, updatedAt: number): Buffer | undefined {
    const kept = this.#current.get(id);
    if (kept !== undefined) return kept.updatedAt === updatedAt && kept.owner === owner ? kept.bytes : undefined;
    const older = this.#previous.get(id);
    if (older === undefined || older.updatedAt !== updatedAt || older.owner !== owner) return undefined;
    this.#keep(id, older);
    return older.bytes;
  }

  /**
   * Keeps the rows a page wrote afresh, copied out of the page into one buffer of their own: a
   * kept row never holds a whole page's buffer alive.
   */
  keepWritten(owner: string, page: Buffer, written: readonly WrittenRow[]): void {
    if (written.length === 0) return;
    let total = 0;
    for (const row of written) total += row.end - row.start;
    const own = Buffer.allocUnsafeSlow(total);
    let at = 0;
    for (const row of written) {
      const length = page.copy(own, at, row.start, row.end);
      this.#keep(row.id, { owner, updatedAt: row.updatedAt, bytes: own.subarray(at, at + length) });
      at += length;
    }
  }

  /** The page last written at `address` for `owner`, if known. */
  writtenPage(owner: string, address: string): WrittenPage | null {
    const key = `${owner} ${address}`;
    return this.#currentPages.get(key) ?? this.#previousPages.get(key) ?? null;
  }

  /**
   * Notes the page just written (or found the same) at `address`, read in the learner state
   * `readAt`, kept in the page memo under `memoKey` if at all, with where each row's bytes lie in
   * the page (`bytesAt`: start and end, row by row); an empty page is not noted, as it has no
   * version to read against. The page noted, if it is.
   */
  keepPage(
    owner: string,
    address: string,
    page: Page<RowVersion>,
    memoKey: string | null,
    readAt: ReadState,
    bytesAt: Uint32Array,
  ): WrittenPage | null {
    let newest: number | null = null;
    for (const row of page.rows) if (newest === null || row.updatedAt > newest) newest = row.updatedAt;
    if (newest === null) return null;
    return this.#notePage(owner, address, new WrittenPage(newest, memoKey, page, readAt, bytesAt));
  }

  /**
   * Notes a page carried to a learner state by a write (carried-pages.ts): the page written before
   * (`rows.carried`, kept in the memo, so of at least one row) with the write's rows moved, kept in the
   * memo under `memoKey`, its rows where `bytesAt` says.
   */
  keepCarried(owner: string, address: string, rows: CarriedRows, memoKey: string, readAt: ReadState, bytesAt: Uint32Array): WrittenPage {
    const newest = rows.places.length === 0 ? rows.carried.newest : Math.max(rows.carried.newest, rows.to);
    return this.#notePage(owner, address, new WrittenPage(newest, memoKey, rows, readAt, bytesAt));
  }

  #notePage(owner: string, address: string, written: WrittenPage): WrittenPage {
    const key = `${owner} ${address}`;
    this.#currentPages.set(key, written);
    this.#added(UTF16_BYTES * key.length + written.weight);
    return written;
  }

  /**
   * Notes what a statement read of the learner's whole collection under `dataVersion` (its stamp,
   * its content version): the rows at a version above `since`, to tell later pages of that version
   * left alone by them (`leftAlone`), or with rows moved that those changes cannot tell
   * (`rowsMoved`). A row this process holds no version at or below `since` of may be new, and the
   * count could then hide a deletion: such rows are counted apart. Must be called before the rows
   * read at their new versions are kept.
   */
  noteChanges(owner: string, dataVersion: string, contentVersion: number, since: number, read: ChangesRead): void {
    this.#previousChanges.delete(owner);
    const unknown = read.ids?.filter((id) => !this.keptAtOrBelow(owner, id, since)).length ?? 0;
    this.#currentChanges.set(owner, { dataVersion, contentVersion, since, totalCount: read.totalCount, ids: read.ids, unknown });
    this.#added(UTF16_BYTES * (owner.length + dataVersion.length) + ENTRY_OVERHEAD_BYTES + ROW_VERSION_BYTES * (read.ids?.length ?? 0));
  }

  /**
   * The page last written at `address` for `owner` when the changes noted under `dataVersion` left
   * it alone (WrittenPage.leftAloneBy): the page of that version, unread.
   */
  leftAlone(owner: string, dataVersion: string, address: string): WrittenPage | null {
    const changes = this.#noted(owner, dataVersion);
    if (changes === undefined) return null;
    const written = this.writtenPage(owner, address);
    return written !== null && written.leftAloneBy(changes) ? written : null;
  }

  /**
   * Whether the changes noted under `dataVersion` show the learner's rows moved since `written`
   * was read beyond what the changes since it can tell (WrittenPage.rowsMovedBy): its page is then
   * read, not asked for the changes since it first.
   */
  rowsMoved(owner: string, dataVersion: string, written: WrittenPage): boolean {
    const changes = this.#noted(owner, dataVersion);
    return changes !== undefined && written.rowsMovedBy(changes);
  }

  #noted(owner: string, dataVersion: string): NotedChanges | undefined {
    const changes = this.#currentChanges.get(owner) ?? this.#previousChanges.get(owner);
    return changes?.dataVersion === dataVersion ? changes : undefined;
  }

  /** Whether a row of `owner` is kept at a version at or below `version`: the row was there by then. */
  keptAtOrBelow(owner: string, id: number, version: number): boolean {
    const kept = this.#current.get(id);
    if (kept !== undefined && kept.owner === owner && kept.updatedAt <= version) return true;
    const older = this.#previous.get(id);
    return older !== undefined && older.owner === owner && older.updatedAt <= version;
  }

  #keep(id: number, row: KeptRow): void {
    this.#current.set(id, row);
    this.#added(row.bytes.length + ENTRY_OVERHEAD_BYTES);
  }

  nextGeneration(): void {
    this.#previous = this.#current;
    this.#current = new Map();
    this.#previousPages = this.#currentPages;
    this.#currentPages = new Map();
    this.#previousChanges = this.#currentChanges;
    this.#currentChanges = new Map();
  }
}
