import { LRUCache } from 'lru-cache';

/**
 * How many counts are kept: one per learner and filter set of a collection in use. An entry is a
 * key of about a hundred characters and a number, so this holds a few hundred learners syncing at
 * once in under a few megabytes.
 */
const KEPT_COUNTS = 10_000;

/** A count and the learner state (`uuid@stamp`) it was read in. */
export interface KeptCount {
  readonly state: string;
  readonly count: number;
}

/**
 * `total_count` of a learner's filtered collection pages, kept per learner and filter set: every page
 * of one sync counts the same rows, and counting a learner's 11,000 assignments was a third of each
 * page's statement (bench/README.md, fifth pass). A kept count is used only by a statement that
 * reads the same learner state as the one it was counted in, in its own snapshot
 * (repositories/paging.ts), so it never stands for other rows than the page's. A whole collection's
 * count is the account's, kept by triggers, never here. See docs/decisions.md, "Kept counts" and
 * "Row counts on the account".
 */
export class KeptCounts {
  readonly #counts = new LRUCache<string, KeptCount>({ max: KEPT_COUNTS });

  get(key: string): KeptCount | undefined {
    return this.#counts.get(key);
  }

  set(key: string, kept: KeptCount): void {
    this.#counts.set(key, kept);
  }
}
