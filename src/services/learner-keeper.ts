import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connect.js';
import type { Deps } from './deps.js';

/**
 * One state kept per learner (per database, for at most HISTORY_MEMO_LEARNERS learners), moved
 * forward by reads of what changed since it rather than read again whole: see docs/decisions.md,
 * "Learner copies". Moves of one learner's state queue one behind the other; a move that fails
 * is not kept (the next one starts from nothing).
 */
export class LearnerKeeper<S> {
  readonly #kept = new WeakMap<Db, LRUCache<number, Promise<S>>>();

  /** `size`: how big a state is (`of`) and how much of it is kept at most (`max`), beside the count of learners. */
  constructor(private readonly size?: { of: (state: S) => number; max: number }) {}

  /**
   * `advance` makes the state wanted now from the kept one (undefined when none is kept); `use`
   * runs on it at once, before a later move can change it.
   */
  with<T>(deps: Deps, userId: number, advance: (kept: S | undefined) => Promise<S>, use: (state: S) => T): Promise<T> {
    const { size } = this;
    let kept = this.#kept.get(deps.db);
    if (kept === undefined) {
      const bySize = size && { maxSize: size.max, sizeCalculation: () => 1 };
      this.#kept.set(deps.db, (kept = new LRUCache({ max: deps.config.historyMemoLearners, ...bySize })));
    }
    const previous = kept.get(userId)?.catch(() => undefined) ?? Promise.resolve(undefined);
    const next = previous.then(advance);
    kept.set(userId, next);
    next.then(
      (state) => {
        // Counted at its size once known (the cache keeps a value's first size: set anew).
        if (size === undefined || kept.get(userId) !== next) return;
        kept.delete(userId);
        kept.set(userId, next, { size: Math.min(size.max, Math.max(1, size.of(state))) });
      },
      () => {
        if (kept.get(userId) === next) kept.delete(userId);
      },
    );
    return next.then(use);
  }
}
