import type { EventEmitter } from 'node:events';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { BYTE_FIELDS, bytesColumnsOf } from './byte-fields.js';
import { foldingBegin } from './folded-begin.js';
import { PlanModes, runningIn, wantsGenericPlan } from './generic-plans.js';

/**
 * How many prepared statements each PostgreSQL connection keeps. The application has a few hundred
 * statement texts, most of them rare; the hot ones stay, and texts that vary with their input (an
 * `in` list of n ids) cannot fill a connection's memory, on either side.
 */
export const PREPARED_PER_CONNECTION = 200;

/** pg's connection of a client: the statements it has parsed under a name (it skips Parse for them), its events. */
interface Connection extends EventEmitter {
  parsedStatements?: Record<string, string>;
}

/**
 * One connection's prepared statements, least recently used first. Names are never reused on a
 * connection, so a DEALLOCATE that fails (inside a transaction already aborted) leaves only an
 * unused statement behind, never one answering under another text's name.
 */
class ConnectionStatements {
  readonly #names = new Map<string, string>();
  /** By statement name: what pg makes of the statement's row description, kept with the statement. */
  readonly #rowShapes = new Map<string, RowShape>();
  #next = 0;
  readonly #modes: PlanModes;

  constructor(private readonly client: pg.PoolClient) {
    this.#modes = new PlanModes(this.#connection(), client.getTransactionStatus());
  }

  #connection(): Connection {
    return (this.client as unknown as { connection: Connection }).connection;
  }

  nameFor(text: string): string {
    let name = this.#names.get(text);
    if (name !== undefined) {
      this.#names.delete(text);
      this.#names.set(text, name);
      return name;
    }
    name = `k${(this.#next += 1)}`;
    this.#names.set(text, name);
    if (this.#names.size > PREPARED_PER_CONNECTION) this.#evictOldest();
    return name;
  }

  #evictOldest(): void {
    const [text, name] = this.#names.entries().next().value as [string, string];
    this.#names.delete(text);
    this.#rowShapes.delete(name);
    const parsed = this.#connection().parsedStatements;
    if (parsed !== undefined) delete parsed[name];
    this.client.query(`deallocate ${name}`).catch(() => {});
  }

  /** Runs `text` as its named prepared statement, with the statement's row shape kept (keepingRowShape). */
  run(text: string, values: unknown[]): Promise<pg.QueryResult> {
    const name = this.nameFor(text);
    return new Promise((resolve, reject) => {
      // Made from the text and named after: pg copies a config object through its property
      // descriptors, V8's slow path (about 2% of the server's CPU under POST /reviews; bench/README.md,
      // "Tenth pass"). pg reads the name only when the query is sent.
      const query = new pg.Query(text, values, (error: Error | undefined, result: pg.QueryResult) =>
        error ? reject(error) : resolve(result),
      );
      (query as unknown as { name: string }).name = name;
      const kept = this.#rowShapes.get(name);
      if (kept !== undefined) withoutDescribe(query, kept.fields);
      keepingRowShape(query, this.#rowShapes, name, text);
      runningIn(query, this.#modes, wantsGenericPlan(text) ? 'generic' : 'own');
      this.client.query(query as unknown as pg.QueryConfig);
    });
  }
}

/** The part of pg's per-statement result (pg/lib/result.js) that a row description sets. */
interface ResultFields {
  fields: pg.FieldDef[];
  _parsers: unknown[] | undefined;
  _prebuiltEmptyResultObject: object | null;
  addFields(fields: pg.FieldDef[]): void;
}

/**
 * What pg made of a statement's row description: the fields it was made from, the parsers, the
 * empty row; and which fields arrive as bytes (src/db/byte-fields.ts), if the statement asks.
 */
interface RowShape {
  fields: pg.FieldDef[];
  parsers: unknown[] | undefined;
  emptyRow: object | null;
  byteFields: readonly boolean[] | undefined;
}

/** A field that arrives as bytes is the value: pg's parser for its type would decode it as text. */
const asReceived = (value: unknown): unknown => value;

/** Whether two row descriptions name the same columns, of the same types, in the same format. */
function sameFields(a: readonly pg.FieldDef[], b: readonly pg.FieldDef[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1)
    if (a[i]!.name !== b[i]!.name || a[i]!.dataTypeID !== b[i]!.dataTypeID || a[i]!.format !== b[i]!.format) return false;
  return true;
}

/**
 * pg reads a prepared statement's row description again on every execution and makes the empty
 * row every row is copied from: a null-prototype object of every column, spread into a plain one.
 * That spread is V8's slow path (about 25 µs for a review's 43-column read, 5% of the server's
 * CPU under POST /reviews; bench/README.md, "Eighth pass"). A named statement's description is the
 * same on every execution (PostgreSQL refuses a changed result type under a cached plan), and the
 * type parsers are set once at start (src/db/connect.ts), so what pg made of it the first time is
 * kept with the statement and reused whenever the description matches; a description that differs
 * is read by pg as before and replaces it. The empty row is only ever copied, never written.
 */
function keepingRowShape(query: pg.Query, shapes: Map<string, RowShape>, name: string, text: string): void {
  const result = (query as unknown as { _result: ResultFields })._result;
  const readFields = result.addFields;
  const asking = query as { [BYTE_FIELDS]?: readonly boolean[] };
  result.addFields = function (this: ResultFields, fields: pg.FieldDef[]) {
    const kept = shapes.get(name);
    if (kept !== undefined && sameFields(kept.fields, fields)) {
      this.fields = fields;
      this._parsers = kept.parsers;
      this._prebuiltEmptyResultObject = kept.emptyRow;
      if (kept.byteFields !== undefined) asking[BYTE_FIELDS] = kept.byteFields;
      return;
    }
    readFields.call(this, fields);
    const bytesColumns = bytesColumnsOf(text);
    const byteFields = bytesColumns === null ? undefined : fields.map((field) => bytesColumns.has(field.name));
    if (byteFields !== undefined) {
      for (const [i, asBytes] of byteFields.entries()) if (asBytes) this._parsers![i] = asReceived;
      asking[BYTE_FIELDS] = byteFields;
    }
    shapes.set(name, { fields, parsers: this._parsers, emptyRow: this._prebuiltEmptyResultObject, byteFields });
  };
}

/** pg's connection, as far as a query's prepare uses it to ask for the row description (from its prototype). */
interface Describing {
  describe?: (message: unknown) => void;
}

/** The part of pg's query that sends a prepared statement's messages and reads its row description. */
interface Preparing {
  prepare(connection: Describing): void;
  handleRowDescription(message: { fields: pg.FieldDef[] }): void;
}

const noDescribe = (): void => {};

/**
 * `query`, of a named statement whose row description is kept on this connection, sent without
 * Describe, its kept description read in place of PostgreSQL's: pg asks for the description on
 * every execution, so PostgreSQL built and sent it and pg parsed it again each time (about 3% of the
 * server's CPU under POST /reviews; bench/README.md, "Tenth pass"). It cannot have changed since
 * (keepingRowShape). Bind, Execute and Sync are pg's own; Describe is left out for this query alone.
 */
function withoutDescribe(query: pg.Query, fields: pg.FieldDef[]): void {
  const preparing = query as unknown as Preparing;
  const prepare = preparing.prepare;
  preparing.prepare = function (this: Preparing, connection: Describing) {
    connection.describe = noDescribe;
    try {
      prepare.call(this, connection);
    } finally {
      // The property added last, so the connection keeps its shape (V8 undoes the addition).
      delete connection.describe;
    }
    this.handleRowDescription({ fields });
  };
}

const statementsOf = new WeakMap<pg.PoolClient, ConnectionStatements>();

function statementsFor(client: pg.PoolClient): ConnectionStatements {
  let statements = statementsOf.get(client);
  if (statements === undefined) statementsOf.set(client, (statements = new ConnectionStatements(client)));
  return statements;
}

/** A statement with parameters as its named prepared statement; one without (BEGIN, COMMIT, DDL) in the simple protocol. */
function runOn(client: pg.PoolClient, text: string, parameters: readonly unknown[]): Promise<pg.QueryResult> {
  return parameters.length === 0 ? client.query(text) : statementsFor(client).run(text, [...parameters]);
}

/** The pool as Kysely uses it (preparingPool), and one statement run on it outside any transaction. */
export interface PreparingPool extends PostgresPool {
  /** Runs one statement as its own transaction on a connection taken from the pool for it alone. */
  runAlone(text: string, parameters: readonly unknown[]): Promise<pg.QueryResult>;
}

/**
 * The pool as Kysely uses it, with every statement that takes parameters run as a named prepared
 * statement: PostgreSQL parses and analyses it once per connection instead of on every execution
 * (and pg sends Bind and Execute only). Statements without parameters (BEGIN, COMMIT, DDL) keep
 * the simple protocol. Plans follow PostgreSQL's own choice between custom and generic plans, but
 * for a statement whose text asks for its generic plan (src/db/generic-plans.ts).
 * BEGIN goes with a transaction's opening row lock when it can (src/db/folded-begin.ts).
 */
export function preparingPool(pool: pg.Pool): PreparingPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        // Only Kysely's (text, parameters) form is used: the dialect is given no cursor.
        query: foldingBegin(client, (text, parameters) => runOn(client, text, parameters)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
    async runAlone(text, parameters) {
      const client = await pool.connect();
      try {
        return await runOn(client, text, parameters);
      } finally {
        // As Kysely gives a connection back after a statement, failed or not.
        client.release();
      }
    },
  };
}
