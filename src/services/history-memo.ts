import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connect.js';
import { learnerStateKey } from '../db/learner-memo-key.js';
import type { UserRecord } from '../domain/model/users.js';
import type { Deps } from './deps.js';

/**
 * What a learner's screens compute from the learner's whole history (the days studied, the stage
 * counts, the level's progress), kept while the learner's rows stay as they are: every read of
 * them is repeated on every dashboard otherwise, and each one costs more as the history grows.
 * Only what depends on the learner's rows and on what the part's name says may be kept: nothing
 * that depends on the time of the request. See docs/decisions.md, "History memo".
 */
export interface HistoryParts {
  /**
   * The value of `part` for the learner's rows as the key read with the user says, computed by
   * `read` once per key: `part` names everything else the value depends on (the zone, the level,
   * the content version...). Concurrent requests share one read; a failed read is not kept.
   */
  get<T>(part: string, read: () => Promise<T>): Promise<T>;
}

interface Entry {
  key: string;
  parts: Map<string, Promise<unknown>>;
}

const memos = new WeakMap<Db, LRUCache<number, Entry>>();

const unkept: HistoryParts = { get: (_part, read) => read() };

/** The parts kept for `user` (read before the parts are: see learnerStateKey), or none when the memo is off. */
export function historyParts(deps: Deps, user: Pick<UserRecord, 'id' | 'uuid' | 'changeStamp'>): HistoryParts {
  const learners = deps.config.historyMemoLearners;
  if (learners === 0) return unkept;
  let memo = memos.get(deps.db);
  if (memo === undefined) memos.set(deps.db, (memo = new LRUCache({ max: learners })));
  const key = learnerStateKey(user);
  let entry = memo.get(user.id);
  // One entry per learner: a newer stamp replaces what was kept for the older one.
  if (entry?.key !== key) memo.set(user.id, (entry = { key, parts: new Map() }));
  const { parts } = entry;
  return {
    get<T>(part: string, read: () => Promise<T>): Promise<T> {
      const kept = parts.get(part) as Promise<T> | undefined;
      if (kept !== undefined) return kept;
      const value = read();
      parts.set(part, value);
      value.catch(() => {
        if (parts.get(part) === value) parts.delete(part);
      });
      return value;
    },
  };
}
