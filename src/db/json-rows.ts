import { sql, type Compilable, type Expression } from 'kysely';
import type { DatabaseEngine } from '../config/index.js';
import type { Executor } from './transaction.js';

/**
 * The rows of `query` as arrays of `columns`, read as one JSON value the database aggregates: in
 * `orderBy` order when given, else in no particular order. A driver builds an object per row (with
 * better-sqlite3 2-5 µs for a row of a few columns, most of a large read); one JSON text that V8's
 * JSON.parse reads costs a fraction of that (bench/README.md, third pass). Values come back as
 * JSON has them: integers, strings and null, as the drivers give them.
 */
export async function rowsAsArrays<Row extends readonly unknown[]>(
  db: Executor,
  engine: DatabaseEngine,
  query: Compilable & Expression<unknown>,
  columns: readonly string[],
  orderBy: readonly string[] = [],
): Promise<Row[]> {
  const values = sql.join(columns.map((c) => sql.ref(`q.${c}`)));
  const order = orderBy.length === 0 ? sql`` : sql` order by ${sql.join(orderBy.map((c) => sql.ref(`q.${c}`)))}`;
  const aggregate =
    engine === 'postgres'
      ? sql`coalesce(json_agg(json_build_array(${values})${order}), '[]'::json)`
      : sql`json_group_array(json_array(${values})${order})`;
  const { rows } = await sql<{ rows: unknown }>`select ${aggregate} as rows from (${query}) as q`.execute(db);
  const value = rows[0]?.rows ?? '[]';
  // node-postgres parses json itself; SQLite returns the text.
  return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
}
