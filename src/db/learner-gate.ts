import { setImmediate as nextTurn } from 'node:timers/promises';
import { BusyError } from '../shared/busy.js';

/** How many writes of one learner may wait in one server process; more at once is refused (503). */
export const MAX_QUEUED_WRITES_PER_LEARNER = 256;
/** Learners whose last finished write this process remembers (`writeMark`), the oldest forgotten past it: a few dozen bytes each. */
const REMEMBERED_WRITERS = 4096;

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
 *
 * The queue is a list of waiting writes per learner with a write running: every write passes here,
 * and a general lock library (async-lock, before) built a closure chain, a timer check and a
 * promise per write, about 2% of a review's event loop on SQLite (bench/README.md, "Ninth pass").
 */
export class LearnerWriteGate {
  readonly #maxQueued: number;
  /** For each learner with a write running: the writes waiting behind it, in arrival order. */
  readonly #queues = new Map<number, (() => void)[]>();
  /** Learners who finished a write in the current turn of the event loop. */
  readonly #wroteThisTurn = new Set<number>();
  /** Writes finished in this process, counted; and for each learner remembered, the count at its last one. */
  #finished = 0;
  readonly #lastWrites = new Map<number, number>();
  /** Learners whose running write carried their kept pages, with the data version it carried them to (noteCarried). */
  readonly #carrying = new Map<number, string>();
  /** For each learner remembered whose last finished write carried its kept pages: that write's count and the data version carried to. */
  readonly #carried = new Map<number, { readonly mark: number; readonly dataVersion: string }>();
  /** Whether the turn's end is to empty #wroteThisTurn already: one timer a turn, not one a write. */
  #forgetScheduled = false;
  readonly #forget = () => {
    this.#forgetScheduled = false;
    this.#wroteThisTurn.clear();
  };

  constructor(maxQueued = MAX_QUEUED_WRITES_PER_LEARNER) {
    this.#maxQueued = maxQueued;
  }

  /**
   * Runs `work` once the learner's earlier writes in this process are done. It is told whether one
   * was running, waiting or finished in this turn when it asked: what it read of the learner
   * before then has likely changed since.
   */
  async run<T>(userId: number, work: (followsAnotherWrite: boolean) => Promise<T>): Promise<T> {
    const waiting = this.#queues.get(userId);
    const followsAnotherWrite = waiting !== undefined || this.#wroteThisTurn.has(userId);
    if (waiting === undefined) this.#queues.set(userId, []);
    else {
      if (waiting.length >= this.#maxQueued) throw new BusyError('Too many of your writes are waiting. Try again in a moment.');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      if (this.#wroteThisTurn.has(userId)) await nextTurn();
      return await work(followsAnotherWrite);
    } finally {
      this.#noteFinished(userId);
      this.#wroteThisTurn.add(userId);
      // Queued before any write that now waits for the next turn, so it runs first.
      if (!this.#forgetScheduled) {
        this.#forgetScheduled = true;
        setImmediate(this.#forget);
      }
      this.#handOn(userId);
    }
  }

  /**
   * A number that differs from the one given before whenever a write of the learner finished in
   * this process since (0 for a learner not known to have written). A learner forgotten past
   * REMEMBERED_WRITERS reads 0 again, which looks like a write to whoever noted another number:
   * a mark is a hint for what to read, never a reason to serve anything.
   */
  writeMark(userId: number): number {
    return this.#lastWrites.get(userId) ?? 0;
  }

  /**
   * Notes that the learner's running write carried the learner's kept pages to `dataVersion`
   * (http/carried-pages.ts): until another write of the learner finishes, `carriedTo` says so.
   */
  noteCarried(userId: number, dataVersion: string): void {
    this.#carrying.set(userId, dataVersion);
  }

  /**
   * The data version the learner's last write finished in this process carried its kept pages to,
   * if it did (noteCarried): a hint of where its pages are kept, never a reason to serve anything.
   */
  carriedTo(userId: number): string | undefined {
    const carried = this.#carried.get(userId);
    return carried !== undefined && carried.mark === this.#lastWrites.get(userId) ? carried.dataVersion : undefined;
  }

  #noteFinished(userId: number): void {
    this.#finished += 1;
    // Deleted first, so the map's order stays the order of the learners' last writes.
    this.#lastWrites.delete(userId);
    this.#lastWrites.set(userId, this.#finished);
    const carried = this.#carrying.get(userId);
    this.#carrying.delete(userId);
    if (carried === undefined) this.#carried.delete(userId);
    else this.#carried.set(userId, { mark: this.#finished, dataVersion: carried });
    if (this.#lastWrites.size > REMEMBERED_WRITERS) {
      const oldest = this.#lastWrites.keys().next().value!;
      this.#lastWrites.delete(oldest);
      this.#carried.delete(oldest);
    }
  }

  /** The learner's next waiting write runs; with none, the learner has no write running. */
  #handOn(userId: number): void {
    const waiting = this.#queues.get(userId)!;
    const next = waiting.shift();
    if (next === undefined) this.#queues.delete(userId);
    else next();
  }
}
