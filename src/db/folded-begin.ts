import type pg from 'pg';

type Query = (text: string, parameters: readonly unknown[]) => Promise<pg.QueryResult>;

// What Kysely sends to open and close a transaction.
const BEGIN = 'begin';
const ENDS = new Set(['commit', 'rollback']);
/** A row lock with its values inlined: the statement a learner's write opens with (src/db/learner-writes.ts). */
const ROW_LOCK = /\sfor update$/i;

/**
 * `$n` replaced by the integer values of a row lock's parameters, or null when it has any other
 * value, or text in which a `$` or a quote could mean anything else: only integers (the ids of a
 * lock) are written into the text, where they cannot be mistaken for SQL.
 */
function withIntegersInlined(text: string, parameters: readonly unknown[]): string | null {
  if (!ROW_LOCK.test(text) || /'|\$(?!\d)/.test(text)) return null;
  if (!parameters.every((p) => typeof p === 'number' && Number.isSafeInteger(p))) return null;
  let complete = true;
  const inlined = text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = parameters[Number(index) - 1] as number | undefined;
    if (value === undefined) complete = false;
    return `(${value})`;
  });
  return complete ? inlined : null;
}

/**
 * A connection's queries with BEGIN held back until the transaction's first statement: when that
 * statement is a row lock on integer ids (every learner's write opens with the learner's lock),
 * BEGIN and the lock go as one simple-protocol query, one round trip instead of two; otherwise BEGIN
 * is sent just before it. Under READ COMMITTED nothing a transaction sees depends on when BEGIN
 * arrived before its first statement. A transaction that ran no statement sends nothing at all.
 * See docs/decisions.md, "A review's statements".
 */
export function foldingBegin(client: pg.PoolClient, query: Query): Query {
  let beginHeld = false;
  return async (text, parameters) => {
    if (text === BEGIN && parameters.length === 0) {
      beginHeld = true;
      return { command: 'BEGIN', rowCount: null, rows: [], oid: 0, fields: [] };
    }
    if (!beginHeld) return query(text, parameters);
    beginHeld = false;
    if (ENDS.has(text) && parameters.length === 0) return { command: text.toUpperCase(), rowCount: null, rows: [], oid: 0, fields: [] };
    const lock = withIntegersInlined(text, parameters);
    if (lock === null) {
      await query(BEGIN, []);
      return query(text, parameters);
    }
    // Several statements in one simple query answer with one result each.
    const results = (await client.query(`${BEGIN}; ${lock}`)) as unknown as pg.QueryResult[];
    return results[1]!;
  };
}
