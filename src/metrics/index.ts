import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Outcome of one database transaction, as the metrics label it. */
export type TransactionOutcome = 'commit' | 'rollback';

/** The pool's state at a scrape (PostgreSQL); SQLite has one handle and no pool. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Latency buckets in seconds: from a cached read (~1 ms) to a request that hit a timeout. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The service's Prometheus metrics, in a registry of their own (one per server, so tests can build
 * many apps in one process). Process metrics (CPU, memory, event loop lag, handles) come from
 * prom-client's defaults.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the response being sent, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly transactions = new Histogram({
    name: 'db_transaction_duration_seconds',
    help: 'Duration of database transactions (waiting for a lock included), by outcome.',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly ticks = new Counter({
    name: 'tick_runs_total',
    help: 'Runs of the push and nudge ticks, by tick and outcome (completed, already_running, no_devices, failed).',
    labelNames: ['tick', 'outcome'] as const,
    registers: [this.registry],
  });
  private readonly tickDecisions = new Counter({
    name: 'tick_decisions_total',
    help: 'Per-learner decisions and counts of the ticks (sent, delivered, quiet_hours, ...), by tick and name.',
    labelNames: ['tick', 'decision'] as const,
    registers: [this.registry],
  });

  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Reports the pool's connections at each scrape. */
  watchPool(poolStats: () => PoolStats | null): void {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (total, idle, and requests waiting for one); absent on SQLite.',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        if (stats === null) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    });
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, seconds);
  }

  observeTransaction(outcome: TransactionOutcome, seconds: number): void {
    this.transactions.observe({ outcome }, seconds);
  }

  /** One tick run: its outcome and its per-decision counts (zero counts are skipped). */
  observeTick(tick: string, outcome: string, counts: Record<string, number> = {}): void {
    this.ticks.inc({ tick, outcome });
    for (const [decision, n] of Object.entries(counts)) if (n > 0) this.tickDecisions.inc({ tick, decision }, n);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
