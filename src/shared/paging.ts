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
}

/**
 * A page read against the rows its caller holds: every row's id and version, in the page's order,
 * and in full only the rows the caller did not hold (any order).
 */
export interface HeldPage<R> extends Page<RowVersion> {
  readonly fresh: readonly R[];
}
