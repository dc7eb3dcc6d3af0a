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

  /**
   * `advance` makes the state wanted now from the kept one (undefined when none is kept); `use`
   * runs on it at once, before a later move can change it.
   */
  with<T>(deps: Deps, userId: number, advance: (kept: S | undefined) => Promise<S>, use: (state: S) => T): Promise<T> {
    let kept = this.#kept.get(deps.db);
    if (kept === undefined) this.#kept.set(deps.db, (kept = new LRUCache({ max: deps.config.historyMemoLearners })));
    const previous = kept.get(userId)?.catch(() => undefined) ?? Promise.resolve(undefined);
    const next = previous.then(advance);
    kept.set(userId, next);
    next.catch(() => {
      if (kept.get(userId) === next) kept.delete(userId);
    });
    return next.then(use);
  }
}
