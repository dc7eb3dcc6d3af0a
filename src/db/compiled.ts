import { createQueryId, type CompiledQuery, type Compilable, type QueryResult } from 'kysely';
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
    const adapter = db.getExecutor().adapter;
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
    return db.executeQuery<R>({ sql: compiled.sql, query: compiled.query, parameters, queryId: createQueryId() });
  };
}
