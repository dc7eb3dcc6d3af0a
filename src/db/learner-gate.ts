import { setImmediate as nextTurn } from 'node:timers/promises';
import AsyncLock from 'async-lock';
import { BusyError } from '../shared/busy.js';

/** How many writes of one learner may wait in one server process; more at once is refused (503). */
export const MAX_QUEUED_WRITES_PER_LEARNER = 256;
const QUEUE_FULL = 'Too many pending tasks';

/**
 * Serialises one learner's writes inside this process before they take a database connection.
 * Without it a burst of one learner's concurrent writes (an offline queue flushed in parallel, a
 * misbehaving client) would each take a pooled connection only to wait on that learner's lock,
 * leaving none for anybody else. With it a learner holds at most one connection for writing per
 * process, and waits in memory.
 *
 * A learner who wrote in this turn of the event loop also waits for the next turn before writing
 * again. SQLite calls complete without yielding, so a burst that has arrived would otherwise run
 * back to back ahead of every other learner's requests; with the turn, the others' requests that
 * are ready are served between two writes of the burst.
 */
export class LearnerWriteGate {
  readonly #lock: AsyncLock;
  /** Learners who finished a write in the current turn of the event loop. */
  readonly #wroteThisTurn = new Set<string>();

  constructor(maxQueued = MAX_QUEUED_WRITES_PER_LEARNER) {
    this.#lock = new AsyncLock({ maxPending: maxQueued });
  }

  /**
   * Runs `work` once the learner's earlier writes in this process are done. It is told whether one
   * was running, waiting or finished in this turn when it asked: what it read of the learner
   * before then has likely changed since.
   */
  async run<T>(userId: number, work: (followsAnotherWrite: boolean) => Promise<T>): Promise<T> {
    const key = String(userId);
    const followsAnotherWrite = this.#lock.isBusy(key) || this.#wroteThisTurn.has(key);
    try {
      return await this.#lock.acquire(key, async () => {
        if (this.#wroteThisTurn.has(key)) await nextTurn();
        try {
          return await work(followsAnotherWrite);
        } finally {
          this.#wroteThisTurn.add(key);
          // Queued before any write that now waits for the next turn, so it runs first.
          setImmediate(() => this.#wroteThisTurn.delete(key));
        }
      });
    } catch (error) {
      if (error instanceof Error && error.message.startsWith(QUEUE_FULL)) {
        throw new BusyError('Too many of your writes are waiting. Try again in a moment.');
      }
      throw error;
    }
  }
}
