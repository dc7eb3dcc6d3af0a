import pg from 'pg';
import type { Db } from '../../src/db/connect.js';

/** The query texts every pg client of this process sends, in order, from the call until `restore`. */
export interface SentQueries {
  readonly sent: string[];
  restore(): void;
}

/** Records every query text sent through pg.Client (the pool's clients included): what round trips a use case makes. */
export function recordPgQueries(): SentQueries {
  const sent: string[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string };
    sent.push(typeof first === 'string' ? first : first.text);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { sent, restore: () => (pg.Client.prototype.query = original) };
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

/** The learners of each group of reviews sent in one statement (src/db/repositories/review-groups.ts), until `restore`. */
export interface SentGroups {
  readonly groups: number[][];
  restore(): void;
}

/** Records, for every review group statement any pg client of this process sends, the learners it writes (its first array). */
export function recordReviewGroups(): SentGroups {
  const groups: number[][] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[] };
    if (typeof first !== 'string' && first.text.startsWith('with "locked" as materialized'))
      groups.push([...(first.values![0] as number[])]);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { groups, restore: () => (pg.Client.prototype.query = original) };
}
