import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { QueueStore } from './offline-queue.js';

/** A queue store in IndexedDB (through idb-keyval): it outlives reloads and a closed tab. Keys sort as the queue's ids. */
export class IdbStore<T extends { id: string }> implements QueueStore<T> {
  private readonly store: UseStore;

  constructor(database: string, objectStore: string) {
    this.store = createStore(database, objectStore);
  }

  async list(): Promise<T[]> {
    // IndexedDB returns entries in key order.
    return (await entries<string, T>(this.store)).map(([, value]) => value);
  }

  put(entry: T): Promise<void> {
    return set(entry.id, entry, this.store);
  }

  remove(id: string): Promise<void> {
    return del(id, this.store);
  }
}
