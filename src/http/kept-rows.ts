const MB = 1024 * 1024;
/** What an entry holds beyond its row's bytes (the entry and the map's slot), counted in its weight. */
const ENTRY_OVERHEAD_BYTES = 96;
/** What a page address's key weighs a character (a two-byte string at most). */
const UTF16_BYTES = 2;
/** The budget is held by two generations of entries: the one being filled and the one before. */
const GENERATIONS = 2;

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

  #added(weight: number): void {
    this.#filled += weight;
    if (this.#filled <= this.#generationBytes) return;
    this.#filled = 0;
    for (const rows of this.#collections.values()) rows.nextGeneration();
  }
}

/**
 * One collection's kept rows (KeptRowBytes.of), and for each page address a learner was served,
 * the newest version among that page's rows: the rows of that page at or below it were kept when
 * it was written, and a row changed since is newer (paging.ts, pageByIdAgainst), so a page after a
 * write reads in full only its newer rows, in the same statement as the versions.
 */
export class KeptCollectionRows {
  #current = new Map<number, KeptRow>();
  #previous = new Map<number, KeptRow>();
  #currentPages = new Map<string, number>();
  #previousPages = new Map<string, number>();
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

  /** The newest version among the rows of the page last written at `address` for `owner`, if known. */
  since(owner: string, address: string): number | null {
    const key = `${owner} ${address}`;
    return this.#currentPages.get(key) ?? this.#previousPages.get(key) ?? null;
  }

  /** Notes the newest version among the rows of the page just written at `address` (none for an empty page). */
  keepPage(owner: string, address: string, newest: number | null): void {
    if (newest === null) return;
    const key = `${owner} ${address}`;
    this.#currentPages.set(key, newest);
    this.#added(UTF16_BYTES * key.length + ENTRY_OVERHEAD_BYTES);
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
  }
}
