import { CompiledQuery, createQueryId, type Compilable, type QueryResult } from 'kysely';
import type { Database } from './schema.js';
import type { Executor } from './transaction.js';

/** Stands, in a statement compiled once, for the value of one call's `name`. */
class Slot {
  constructor(readonly name: string) {}
}

/** What the builder of a compiled statement is given in place of each value: a Slot typed as the value. */
export type Slots<V> = { readonly [K in keyof V]: V[K] };

/**
 * A statement of a hot path that Kysely builds and compiles once per dialect, then runs with each
 * call's values in the places of its slots. Building and compiling every statement anew took a
 * quarter of the server's CPU under POST /reviews (bench/README.md, "Third pass"); the text is the
 * same each time, so the SQLite driver's and PostgreSQL's work on it is unchanged.
 *
 * The builder must pass each value only to Kysely (a where, a set, a value): a value it inspects
 * itself (`values.x ? ... : ...`) would be a slot, not the call's value.
 */
export function compiledOnce<V extends object, R>(
  build: (db: Executor, values: Slots<V>) => Compilable<R>,
): (db: Executor, values: V) => Promise<QueryResult<R>> {
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Slots<V>;
  // One compilation per dialect: a transaction shares its database's adapter.
  const byDialect = new WeakMap<object, CompiledQuery<R>>();
  return (db, values) => {
    const executor = db.getExecutor();
    const adapter = executor.adapter;
    let compiled = byDialect.get(adapter);
    if (compiled === undefined) {
      compiled = build(db, slots).compile();
      byDialect.set(adapter, compiled);
    }
    const parameters = compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? (values as Record<string, unknown>)[parameter.name] : parameter,
    );
    // The compiled statement with this call's values and an id of its own (as CompiledQuery.raw
    // gives, without the raw node and the three freezes it makes per call; bench/README.md, "Fifth pass").
    const query: CompiledQuery<R> = { sql: compiled.sql, query: compiled.query, parameters, queryId: createQueryId() };
    // With no plugin to see the result, the statement goes straight to the executor's connection
    // (the transaction's own inside one): Kysely's executeQuery would add an executor made per
    // statement and two more async layers, a fifth of what a review allocates.
    if (executor.plugins.length > 0) return db.executeQuery<R>(query);
    return executor.provideConnection((connection) => connection.executeQuery<R>(query));
  };
}

/**
 * A multi-row insert of `columns` into `table`, compiled by Kysely once per dialect and row count,
 * then run with each call's rows (arrays in `columns` order) as its parameters. Compiling a
 * 200-row insert builds and freezes a node per value: for the bundled curriculum's 78,000 rows that
 * was a tenth of the import's CPU and much of its garbage (bench/README.md, "Fifth pass").
 */
export function compiledInsert<T extends keyof Database & string>(
  table: T,
  columns: readonly (keyof Database[T] & string)[],
): (db: Executor, rows: readonly (readonly unknown[])[]) => Promise<void> {
  const byDialect = new WeakMap<object, Map<number, { sql: string; order: number[] }>>();
  return async (db, rows) => {
    if (rows.length === 0) return;
    const adapter = db.getExecutor().adapter;
    let bySize = byDialect.get(adapter);
    if (bySize === undefined) byDialect.set(adapter, (bySize = new Map()));
    let compiled = bySize.get(rows.length);
    if (compiled === undefined) {
      // Each value is its own index in the rows flattened, so the parameters' order is read off the
      // compiled statement rather than assumed.
      const indexed = rows.map((_row, r) => Object.fromEntries(columns.map((column, c) => [column, r * columns.length + c])));
      const { sql, parameters } = db
        .insertInto(table)
        .values(indexed as never)
        .compile();
      compiled = { sql, order: parameters as number[] };
      bySize.set(rows.length, compiled);
    }
    const parameters = new Array<unknown>(compiled.order.length);
    for (let i = 0; i < parameters.length; i += 1) {
      const at = compiled.order[i]!;
      parameters[i] = rows[Math.floor(at / columns.length)]![at % columns.length];
    }
    await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters));
  };
}
