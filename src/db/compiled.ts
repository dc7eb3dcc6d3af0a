import { CompiledQuery, createQueryId, type Compilable, type QueryResult } from 'kysely';
import type { Database } from './schema.js';
import type { SqliteStatements } from './sqlite-driver.js';
import { directConnection, type Executor } from './transaction.js';

/** Stands, in a statement compiled once, for the value of one call's `name`. */
class Slot {
  constructor(readonly name: string) {}
}

/** What the builder of a compiled statement is given in place of each value: a Slot typed as the value. */
export type Slots<V> = { readonly [K in keyof V]: V[K] };

/** A statement compiled once (compiledOnce): run with a call's values. */
export interface CompiledStatement<V, R> {
  (db: Executor, values: V): Promise<QueryResult<R>>;
  /**
   * The same statement run at once on a SQLite transaction's connection (the work of
   * sqliteTransactionNow); `db` is the database it is compiled for.
   */
  now(db: Executor, statements: SqliteStatements, values: V): QueryResult<R>;
}

/**
 * A statement of a hot path that Kysely builds and compiles once per dialect, then runs with each
 * call's values in the places of its slots. Building and compiling every statement anew took a
 * quarter of the server's CPU under POST /reviews (bench/README.md, "Third pass"); the text is the
 * same each time, so the SQLite driver's and PostgreSQL's work on it is unchanged.
 *
 * The builder must pass each value only to Kysely (a where, a set, a value): a value it inspects
 * itself (`values.x ? ... : ...`) would be a slot, not the call's value.
 */
export function compiledOnce<V extends object, R>(build: (db: Executor, values: Slots<V>) => Compilable<R>): CompiledStatement<V, R> {
  const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Slots<V>;
  // One compilation per dialect: a transaction shares its database's adapter.
  const byDialect = new WeakMap<object, CompiledQuery<R>>();
  const compiledFor = (db: Executor): CompiledQuery<R> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter);
    if (compiled === undefined) {
      compiled = build(db, slots).compile();
      byDialect.set(adapter, compiled);
    }
    return compiled;
  };
  const valueOf = (values: V) => (name: string | number) => (values as Record<string | number, unknown>)[name];
  const run = (db: Executor, values: V) => runCompiled(db, compiledFor(db), valueOf(values));
  const now = (db: Executor, statements: SqliteStatements, values: V) => {
    const compiled = compiledFor(db);
    return statements.query<R>(compiled.sql, parametersOf(compiled, valueOf(values)));
  };
  return Object.assign(run, { now });
}

/** The parameters of `compiled` with each Slot replaced by `valueOf` its name. */
function parametersOf(compiled: CompiledQuery, valueOf: (name: string | number) => unknown): unknown[] {
  return compiled.parameters.map((parameter) => (parameter instanceof Slot ? valueOf(parameter.name) : parameter));
}

/** Runs `compiled` with each Slot among its parameters replaced by `valueOf` its name. */
function runCompiled<R>(db: Executor, compiled: CompiledQuery<R>, valueOf: (name: string | number) => unknown): Promise<QueryResult<R>> {
  const executor = db.getExecutor();
  const parameters = parametersOf(compiled, valueOf);
  // The compiled statement with this call's values and an id of its own (as CompiledQuery.raw
  // gives, without the raw node and the three freezes it makes per call; bench/README.md, "Fifth pass").
  const query: CompiledQuery<R> = { sql: compiled.sql, query: compiled.query, parameters, queryId: createQueryId() };
  // With no plugin to see the result, the statement goes straight to the executor's connection
  // (the transaction's own inside one): Kysely's executeQuery would add an executor made per
  // statement and two more async layers, a fifth of what a review allocates. On SQLite the
  // connection is known (a transaction's, or the driver's standing one), and Kysely's connection
  // layers are skipped too (directConnection).
  if (executor.plugins.length > 0) return db.executeQuery<R>(query);
  const connection = directConnection(db);
  if (connection !== undefined) return connection.executeQuery<R>(query);
  return executor.provideConnection((each) => each.executeQuery<R>(query));
}

/**
 * The shape's text of `value` (plain objects and arrays walked), pushing each number and string
 * onto `found` in walk order: the structure with every such value as `?`, so equal shapes have
 * equal texts. Booleans, null and undefined are part of the shape (a builder may branch on them).
 * Run on every call of a statement, so it builds nothing but the text: the copy a builder is given
 * is made (`withSlots`) only when the shape is new. Building both on every call took 28 µs a page
 * statement, the server's largest function under a load of cold stored pages (now 9 µs;
 * bench/README.md, twenty-fifth pass).
 */
function shapeOf(value: unknown, found: unknown[]): string {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') {
    found.push(value);
    return '?';
  }
  if (Array.isArray(value)) {
    let shape = '[';
    for (let i = 0; i < value.length; i += 1) shape += `${i === 0 ? '' : ','}${shapeOf(value[i], found)}`;
    return `${shape}]`;
  }
  if (isPlainObject(value)) {
    let shape = '{';
    let first = true;
    for (const key of Object.keys(value)) {
      shape += `${first ? '' : ','}${JSON.stringify(key)}:${shapeOf(value[key], found)}`;
      first = false;
    }
    return `${shape}}`;
  }
  if (value === null || value === undefined || typeof value === 'boolean') return String(value);
  throw new TypeError('compiledPerShape: a value that is neither plain data nor a number, string or boolean');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** A copy of `value` with each number and string replaced by a Slot numbered in `shapeOf`'s walk order. */
function withSlots(value: unknown, next: { slot: number }): unknown {
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') return new Slot(String(next.slot++));
  if (Array.isArray(value)) return value.map((item) => withSlots(item, next));
  if (isPlainObject(value)) {
    const copy: Record<string, unknown> = {};
    for (const key of Object.keys(value)) copy[key] = withSlots(value[key], next);
    return copy;
  }
  return value;
}

/**
 * `compiledOnce` for a statement whose form depends on its values (which filters are given, list
 * lengths, the cursor's kind): built and compiled once per dialect, `fixed` text and shape of the
 * values (`shapeOf`), then run with each call's numbers and strings in the places of their slots.
 * The builder may branch on the values' structure and booleans, and must pass every number and
 * string only to Kysely. At most `maxShapes` statements are kept per dialect, the oldest dropped.
 */
export function compiledPerShape<V, R>(
  build: (db: Executor, fixed: string, values: V) => CompiledQuery<R>,
  maxShapes: number,
): (db: Executor, fixed: string, values: V) => Promise<QueryResult<R>> {
  const byDialect = new WeakMap<object, Map<string, CompiledQuery<R>>>();
  return (db, fixed, values) => {
    const adapter = db.getExecutor().adapter;
    let byShape = byDialect.get(adapter);
    if (byShape === undefined) byDialect.set(adapter, (byShape = new Map()));
    const found: unknown[] = [];
    const key = `${fixed} ${shapeOf(values, found)}`;
    let compiled = byShape.get(key);
    if (compiled === undefined) {
      compiled = build(db, fixed, withSlots(values, { slot: 0 }) as V);
      if (byShape.size >= maxShapes) byShape.delete(byShape.keys().next().value!);
      byShape.set(key, compiled);
    }
    return runCompiled(db, compiled, (name) => found[Number(name)]);
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
