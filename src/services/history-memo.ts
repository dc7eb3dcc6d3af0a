import { LRUCache } from 'lru-cache';
import type { Db } from '../db/connect.js';
import { learnerStateKey } from '../domain/learner-state-key.js';
import type { UserRecord } from '../domain/model/users.js';
import type { Deps } from './deps.js';

/**
 * What a learner's dashboard reads over the learner's whole history (the days studied, the stage
 * counts, the level's progress, the critical items, the review schedule), kept while the learner's
 * rows stay as they are: otherwise every read is repeated on every dashboard, and each one costs
 * more as the history grows. See docs/decisions.md, "History memo".
 */
export interface HistoryParts {
  /**
   * The part `name` for the learner's rows as the key read with the user says, computed by `read`
   * once: `dependsOn` says everything else it depends on (the zone, the level, the content
   * version, the hour...), and one value per name is kept, so a new `dependsOn` replaces the old
   * one. Concurrent requests share one read; a failed read is not kept.
   */
  get<T>(name: string, dependsOn: string, read: () => Promise<T>): Promise<T>;
}

interface Kept {
  dependsOn: string;
  value: Promise<unknown>;
}

interface Entry {
  key: string;
  parts: Map<string, Kept>;
}

const memos = new WeakMap<Db, LRUCache<number, Entry>>();

const unkept: HistoryParts = { get: (_name, _dependsOn, read) => read() };

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
    get<T>(name: string, dependsOn: string, read: () => Promise<T>): Promise<T> {
      const kept = parts.get(name);
      if (kept?.dependsOn === dependsOn) return kept.value as Promise<T>;
      const value = read();
      parts.set(name, { dependsOn, value });
      value.catch(() => {
        if (parts.get(name)?.value === value) parts.delete(name);
      });
      return value;
    },
  };
}
