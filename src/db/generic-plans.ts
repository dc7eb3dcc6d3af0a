import type pg from 'pg';

/**
 * Starts the text of a statement that PostgreSQL is to run with its generic plan from the first
 * execution on each connection (`plannedGenerically`). Being part of the text, the choice travels
 * with the statement and is visible wherever the text is (logs, pg_stat_activity).
 */
export const GENERIC_PLAN = '/* generic plan */ ';

/** Whether `text` asks for its generic plan (GENERIC_PLAN). */
export function wantsGenericPlan(text: string): boolean {
  return text.startsWith(GENERIC_PLAN);
}

/** The part of pg's connection a query writes its extended-protocol messages with. */
interface Messages {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows?: number | undefined }): void;
  sync(): void;
}

/** The parts of pg's Query (pg/lib/query.js) that send a prepared statement and read its completion. */
interface Sending {
  portal: string;
  prepare(connection: Messages): void;
  _getRows(connection: Messages, rows: number | undefined): void;
  handleCommandComplete(message: { text: string }, connection: Messages): void;
}

const FORCE_GENERIC = 'set plan_cache_mode = force_generic_plan';
const BACK_TO_DEFAULT = 'reset plan_cache_mode';
/** What PostgreSQL's CommandComplete names the two settings' statements. */
const SETTING_COMMANDS = new Set(['SET', 'RESET']);

/** `text` as the unnamed statement, bound and executed, with no Sync: it runs in the Sync's transaction. */
function runUnnamed(connection: Messages, text: string): void {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}

/**
 * `query` (a named prepared statement) bound and executed between a SET of `plan_cache_mode` to
 * `force_generic_plan` and its RESET, all before one Sync: one round trip, as alone. PostgreSQL
 * plans a prepared statement afresh for each of its first five executions on a connection (custom
 * plans) and reads `plan_cache_mode` when the statement is bound, so the statement takes its
 * generic plan, made once per connection, from the first execution on. The setting holds for this
 * statement only: RESET gives the connection back its own value, and should the statement fail,
 * PostgreSQL skips the RESET but rolls the SET back with the failed implicit transaction. The two
 * settings' completions are not the statement's result and are left out of it.
 */
export function plannedGenerically(query: pg.Query): void {
  const sending = query as unknown as Sending;
  const prepare = sending.prepare;
  sending.prepare = function (this: Sending, connection: Messages) {
    // The SET goes just before the statement's Bind, after its Parse when pg sends one: pg takes
    // the first ParseComplete of a query for its statement's, so that one must be the statement's.
    connection.bind = function (message) {
      delete (connection as Partial<Messages>).bind;
      runUnnamed(connection, FORCE_GENERIC);
      try {
        connection.bind(message);
      } catch (error) {
        // pg then closes the statement and syncs, committing the SET: undo it first.
        runUnnamed(connection, BACK_TO_DEFAULT);
        throw error;
      }
    };
    try {
      prepare.call(this, connection);
    } finally {
      delete (connection as Partial<Messages>).bind;
    }
  };
  // pg's own _getRows for a query read whole (no `rows`): Execute then Sync; the RESET goes between.
  sending._getRows = function (this: Sending, connection: Messages, rows: number | undefined) {
    connection.execute({ portal: this.portal, rows });
    runUnnamed(connection, BACK_TO_DEFAULT);
    connection.sync();
  };
  const complete = sending.handleCommandComplete;
  sending.handleCommandComplete = function (this: Sending, message: { text: string }, connection: Messages) {
    if (!SETTING_COMMANDS.has(message.text)) complete.call(this, message, connection);
  };
}
