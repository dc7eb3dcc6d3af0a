/** The body of one queued `POST /reviews`. */
export interface ReviewAnswer {
  assignment_id: number;
  incorrect_meaning_answers: number;
  incorrect_reading_answers: number;
  /** When the learner answered: the server records the review at this instant, however late it arrives. */
  created_at: string;
}

export interface QueuedReview {
  /** Sort key: answer order (created_at in ms, zero-padded) then the idempotency key. */
  id: string;
  /** Sent as Idempotency-Key: a retry after a lost response is replayed, never applied twice. */
  idempotencyKey: string;
  answer: ReviewAnswer;
}

export interface DeadReview extends QueuedReview {
  status: number;
  error: string;
}

/** Where entries are kept: IndexedDB in the browser (idb-store.ts), memory in tests. `list` is in id order. */
export interface QueueStore<T extends { id: string }> {
  list(): Promise<T[]>;
  put(entry: T): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * What became of one send: accepted (2xx); refused for good (404, 422: the server will never take
 * it); or not now (no connection, 5xx, 401 until the learner signs in again, 408/429).
 */
export type SendOutcome = { kind: 'sent'; body?: unknown } | { kind: 'refused'; status: number; error: string } | { kind: 'later' };

export type SendReview = (entry: QueuedReview) => Promise<SendOutcome>;

/** Statuses that mean the answer can never be accepted, so retrying would block the queue forever. */
export const PERMANENT_REFUSALS: ReadonlySet<number> = new Set([404, 422]);

export function outcomeOfStatus(status: number, error: string): SendOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (PERMANENT_REFUSALS.has(status)) return { kind: 'refused', status, error };
  return { kind: 'later' };
}

export interface FlushReport {
  sent: number;
  refused: number;
  /** Entries still waiting (the flush stopped at the first that could not be sent now). */
  waiting: number;
}

/**
 * The offline review queue: answers are queued first and sent in answer order; each leaves the
 * queue only after a 2xx, or moves to the dead-letter list ("could not be sent") on 404/422 so the
 * rest still go. A flush stops at the first entry that cannot be sent now, keeping the order.
 */
export class OfflineReviewQueue {
  private flushing: Promise<FlushReport> | null = null;
  private readonly listeners = new Set<(entry: QueuedReview, body: unknown) => void>();

  constructor(
    private readonly pending: QueueStore<QueuedReview>,
    private readonly dead: QueueStore<DeadReview>,
    private readonly send: SendReview,
    private readonly newKey: () => string = () => crypto.randomUUID(),
  ) {}

  /** Hears of every answer the server accepted, with its answer body; returns the way to stop listening. */
  onSent(listener: (entry: QueuedReview, body: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async enqueue(answer: ReviewAnswer): Promise<QueuedReview> {
    const idempotencyKey = this.newKey();
    const entry = { id: `${String(Date.parse(answer.created_at)).padStart(15, '0')}-${idempotencyKey}`, idempotencyKey, answer };
    await this.pending.put(entry);
    return entry;
  }

  waiting(): Promise<QueuedReview[]> {
    return this.pending.list();
  }

  failed(): Promise<DeadReview[]> {
    return this.dead.list();
  }

  dismiss(id: string): Promise<void> {
    return this.dead.remove(id);
  }

  /** Sends what waits, in order; concurrent calls share one flush so nothing is sent twice at once. */
  flush(): Promise<FlushReport> {
    this.flushing ??= this.runFlush().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async runFlush(): Promise<FlushReport> {
    const report: FlushReport = { sent: 0, refused: 0, waiting: 0 };
    const entries = await this.pending.list();
    for (const [index, entry] of entries.entries()) {
      let outcome: SendOutcome;
      try {
        outcome = await this.send(entry);
      } catch {
        outcome = { kind: 'later' };
      }
      if (outcome.kind === 'later') {
        report.waiting = entries.length - index;
        return report;
      }
      if (outcome.kind === 'refused') {
        await this.dead.put({ ...entry, status: outcome.status, error: outcome.error });
        report.refused++;
      } else {
        report.sent++;
        for (const listener of this.listeners) listener(entry, outcome.body);
      }
      await this.pending.remove(entry.id);
    }
    return report;
  }
}

/** An in-memory store (tests, and browsers without IndexedDB). */
export class MemoryStore<T extends { id: string }> implements QueueStore<T> {
  private readonly entries = new Map<string, T>();

  async list(): Promise<T[]> {
    return [...this.entries.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async put(entry: T): Promise<void> {
    this.entries.set(entry.id, entry);
  }

  async remove(id: string): Promise<void> {
    this.entries.delete(id);
  }
}
