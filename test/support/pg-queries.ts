import pg from 'pg';
import type { Db } from '../../src/db/connect.js';

/** The query texts every pg client of this process sends, in order, from the call until `restore`. */
export interface SentQueries {
  readonly sent: string[];
  restore(): void;
}

/** Calls `seen` with each query any pg client of this process sends (the pool's clients included), until the restore it answers. */
function watchPgQueries(seen: (client: pg.Client, text: string, values: readonly unknown[] | undefined) => void): () => void {
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    if (typeof first === 'string') seen(this, first, args[1] as unknown[] | undefined);
    else seen(this, first.text, first.values);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return () => (pg.Client.prototype.query = original);
}

/** Records every query text sent through pg.Client (the pool's clients included): what round trips a use case makes. */
export function recordPgQueries(): SentQueries {
  const sent: string[] = [];
  return { sent, restore: watchPgQueries((_client, text) => sent.push(text)) };
}

/**
 * recordPgQueries once no pooled connection is in use: work a request left running after its answer
 * (a kept learner copy moved on another connection) ends first, so what is recorded is the next request's.
 */
export async function recordPgQueriesWhenIdle(db: Db): Promise<SentQueries> {
  for (;;) {
    const stats = db.poolStats();
    if (stats === null || (stats.idle === stats.total && stats.waiting === 0)) return recordPgQueries();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Each review group statement sent (src/db/repositories/review-groups.ts), until `restore`. */
export interface SentGroups {
  /** The learners each group writes (its first array), in the order the groups were sent. */
  readonly groups: number[][];
  /** The pg client each group was sent on: a test can cut its connection. */
  readonly clients: pg.Client[];
  restore(): void;
}

/** Records every review group statement any pg client of this process sends: its learners and its client. */
export function recordReviewGroups(): SentGroups {
  const groups: number[][] = [];
  const clients: pg.Client[] = [];
  const restore = watchPgQueries((client, text, values) => {
    if (!text.startsWith('with "locked" as materialized')) return;
    groups.push([...(values![0] as number[])]);
    clients.push(client);
  });
  return { groups, clients, restore };
}
