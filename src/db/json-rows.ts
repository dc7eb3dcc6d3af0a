import { sql, type Compilable, type Expression, type RawBuilder } from 'kysely';
import type { DatabaseEngine } from '../config/index.js';
import type { Executor } from './transaction.js';

/**
 * Rows read as one JSON value the database aggregates, instead of a row object built by the driver
 * for each: with better-sqlite3 that object costs 2-5 µs for a row of a few columns, most of a
 * large read, while one JSON text that V8's JSON.parse reads costs a fraction of it (bench/README.md,
 * third pass). Values come back as JSON has them: integers, strings and null (text columns holding
 * JSON stay text).
 */

/** Every column of a table, by name, checked against the table's type: none missing, none extra. */
export function columnsOf<T>(columns: Record<keyof T & string, true>): (keyof T & string)[] {
  return Object.keys(columns) as (keyof T & string)[];
}

/**
 * The rows of a subquery aliased `q` as one JSON array of arrays of `columns`, in no particular
 * order: callers that need one sort the few rows they get (ordering inside the aggregate made
 * SQLite sort the built values, as long again as building them).
 */
export function arrayAggregate(engine: DatabaseEngine, columns: readonly string[]): RawBuilder<unknown> {
  const values = sql.join(columns.map((c) => sql.ref(`q.${c}`)));
  return engine === 'postgres'
    ? sql`coalesce(json_agg(json_build_array(${values})), '[]'::json)`
    : sql`json_group_array(json_array(${values}))`;
}

/** An aggregate's value as read: node-postgres parses json itself, SQLite returns the text. */
export function parsedRows<Row>(value: unknown): Row[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as Row[];
}

/** The rows of `query` as arrays of `columns`, in no particular order. */
export async function rowsAsArrays<Row extends readonly unknown[]>(
  db: Executor,
  engine: DatabaseEngine,
  /** A Kysely select: it is put in parentheses where it is interpolated. */
  query: Compilable & Expression<unknown>,
  columns: readonly string[],
): Promise<Row[]> {
  const { rows } = await sql<{ rows: unknown }>`select ${arrayAggregate(engine, columns)} as rows from ${query} as q`.execute(db);
  return parsedRows<Row>(rows[0]?.rows);
}
