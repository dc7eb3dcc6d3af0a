/** An id cursor of a collection request: at most one of the two is set. */
export interface Cursor {
  readonly afterId?: number;
  readonly beforeId?: number;
}

/** One page of a collection and what the envelope needs to link it. */
export interface Page<R> {
  readonly rows: R[];
  readonly totalCount: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}

/** A row's id and version: every write of a row moves its updated_at (docs/decisions.md, "Kept row bytes"). */
export interface RowVersion {
  readonly id: number;
  readonly updatedAt: number;
}

/**
 * Where a page of rows lies in its whole collection, going forwards from its cursor: its last
 * row's id, how many rows it holds, the collection's count and its links. With the page's cursor
 * and newest row version, what shows the page unchanged without reading its rows (HeldRows.sameIf).
 */
export interface PageBounds {
  readonly lastId: number;
  readonly rowCount: number;
  readonly totalCount: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}

/** A page's bounds, null for a page of no rows (nothing to bound). */
export function boundsOf(page: Page<RowVersion>): PageBounds | null {
  const last = page.rows.at(-1);
  if (last === undefined) return null;
  return { lastId: last.id, rowCount: page.rows.length, totalCount: page.totalCount, hasNext: page.hasNext, hasPrevious: page.hasPrevious };
}

/** What a caller holds of a collection's rows, so a page need not read them in full. */
export interface HeldRows {
  /**
   * The newest version among the rows the caller wrote at this address before, if any: it holds
   * those rows at their versions (unless evicted since), and rows changed since are newer.
   */
  readonly since: number | null;
  /** Whether the caller holds a row's bytes at this version. */
  has(id: number, updatedAt: number): boolean;
  /**
   * Whether the caller holds this very page whole (every row at its version, the same count and
   * links): no row is then read in full or asked for with `has`.
   */
  holdsPage?(page: Page<RowVersion>): boolean;
  /**
   * The page the caller last wrote at this address, whose bytes it holds: when given, the
   * statement reads no window, only the count, the learner's state and in full the rows at a
   * version above `lastWritten.readAt` (HeldPage.changes), and the page is that page with those rows
   * at their versions, when they show the learner's rows to be the same ones (pageByIdAgainst).
   */
  readonly lastWritten?: LastWrittenPage;
  /**
   * The bounds of a page the caller holds whole, read at this cursor with its newest row at
   * `since`: for a whole collection read forwards, the statement tests in SQL whether the page is
   * still that page (pageByIdAgainst) and reads no window when it is (HeldPage.sameAsHeld).
   */
  readonly sameIf?: PageBounds;
}

/**
 * A page a caller last wrote at an address (HeldRows.lastWritten), read in a learner state at or
 * after the change stamp `readAt`: every row written or inserted since has a version above it.
 */
export interface LastWrittenPage {
  readonly readAt: number;
  /** Its rows' ids and versions (ascending ids), count and links. */
  readonly page: Page<RowVersion>;
  /** Whether the caller kept row `id` at a version at or below `readAt`: the row was there by then. */
  existedBy(id: number): boolean;
}

/** What a page statement read of its whole filtered collection in its own snapshot (HeldRows.lastWritten). */
export interface ChangesRead {
  /** The rows matching the filters, as the statement counted them (the page's total_count). */
  readonly totalCount: number;
  /** The ids of those rows at a version above `lastWritten.readAt`; null when there were more than a page of them. */
  readonly ids: readonly number[] | null;
}

/** A learner's page as stored: its plain bytes, their ETag, the page's data_updated_at, and what it was written from. */
export interface StoredPage {
  body: Buffer;
  etag: string;
  dataUpdatedAt: number | null;
  /** The writer and learner's data version it was stored under. */
  version: string;
  /** What it was written from besides the learner's change stamp (null for entries stored before that was kept). */
  rowsKey: string | null;
  /** Where it lies in the collection (null for entries stored before they were kept, and for a page of no rows). */
  bounds: PageBounds | null;
}

/**
 * In place of HeldRows, on PostgreSQL, with a credential read by the page statement: the caller
 * holds the page stored for the credential's owner at `address`, if any, which the same statement
 * looks up (one round trip where the look-up and the page statement were two). The statement
 * reads the page only when that page was stored under another state of the learner's data than
 * the one it reads, against that page's rows; `found` is given the stored page and says what is
 * held of it.
 */
export interface StoredPageHeld {
  readonly address: string;
  /**
   * What the stored page's version starts with when it was stored by this code for this mount (the
   * rest is the learner's data version): a page stored under exactly that is current.
   */
  readonly writer: string;
  /**
   * The page stored at the address (undefined when none) and the learner read: the rows held in it
   * to read the page against, or null when the page is not to be read (the stored page is current,
   * or is not one to read against: none stored, or stored by other code or under other content).
   */
  found(page: StoredPage | undefined): HeldRows | null;
}

/**
 * A page read against the rows its caller holds: every row's id and version, in the page's order,
 * and in full only the rows the caller did not hold (any order).
 */
export interface HeldPage<R> extends Page<RowVersion> {
  readonly fresh: readonly R[];
  /** What was read for HeldRows.lastWritten, by the statement the page's count and state were read by. */
  readonly changes?: ChangesRead | undefined;
  /**
   * When the page is HeldRows.lastWritten's page with the changes read: its rows are that page's,
   * in its order, then any rows inserted after its last; each of that page's rows not among
   * `fresh` is at the version that page holds it at, its bytes the caller's (never asked for
   * with `has`).
   */
  readonly asLastWritten?: boolean;
  /**
   * When the statement showed the page to be the one held whole (HeldRows.sameIf, or the stored
   * page's bounds): no row's id or version was read, `rows` is empty and `fresh` too.
   */
  readonly sameAsHeld?: boolean;
}
