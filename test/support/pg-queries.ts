import pg from 'pg';

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
