import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { foldingBegin } from './folded-begin.js';

/**
 * How many prepared statements each PostgreSQL connection keeps. The application has a few hundred
 * statement texts, most of them rare; the hot ones stay, and texts that vary with their input (an
 * `in` list of n ids) cannot fill a connection's memory, on either side.
 */
export const PREPARED_PER_CONNECTION = 200;

/** What pg keeps per connection of the statements it has parsed under a name (it skips Parse for them). */
interface ParsedStatements {
  parsedStatements?: Record<string, string>;
}

/**
 * One connection's prepared statements, least recently used first. Names are never reused on a
 * connection, so a DEALLOCATE that fails (inside a transaction already aborted) leaves only an
 * unused statement behind, never one answering under another text's name.
 */
class ConnectionStatements {
  readonly #names = new Map<string, string>();
  #next = 0;

  constructor(private readonly client: pg.PoolClient) {}

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
    const parsed = (this.client as unknown as { connection?: ParsedStatements }).connection?.parsedStatements;
    if (parsed !== undefined) delete parsed[name];
    this.client.query(`deallocate ${name}`).catch(() => {});
  }
}

const statementsOf = new WeakMap<pg.PoolClient, ConnectionStatements>();

/**
 * The pool as Kysely uses it, with every statement that takes parameters run as a named prepared
 * statement: PostgreSQL parses and analyses it once per connection instead of on every execution
 * (and pg sends Bind and Execute only). Statements without parameters (BEGIN, COMMIT, DDL) keep
 * the simple protocol. Plans follow PostgreSQL's own choice between custom and generic plans.
 * BEGIN goes with a transaction's opening row lock when it can (src/db/folded-begin.ts).
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let statements = statementsOf.get(client);
      if (statements === undefined) statementsOf.set(client, (statements = new ConnectionStatements(client)));
      const prepared = statements;
      return {
        // Only Kysely's (text, parameters) form is used: the dialect is given no cursor.
        query: foldingBegin(client, (text, parameters) =>
          parameters.length === 0 ? client.query(text) : client.query({ name: prepared.nameFor(text), text, values: [...parameters] }),
        ) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}
