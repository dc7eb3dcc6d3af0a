import type { EventEmitter } from 'node:events';
import type { Query, TransactionStatus as PgTransactionStatus } from 'pg';

/**
 * Starts the text of a statement that PostgreSQL is to run with its generic plan from the first
 * execution on each connection (`runningIn`). Being part of the text, the choice travels with the
 * statement and is visible wherever the text is (logs, pg_stat_activity).
 */
export const GENERIC_PLAN = '/* generic plan */ ';

/** Whether `text` asks for its generic plan (GENERIC_PLAN). */
export function wantsGenericPlan(text: string): boolean {
  return text.startsWith(GENERIC_PLAN);
}

/**
 * The plan choice a prepared statement is bound under: its generic plan forced, or the
 * connection's own `plan_cache_mode` (PostgreSQL's choice between custom and generic plans).
 */
export type PlanMode = 'generic' | 'own';

/** The statement that puts a connection in each mode (RESET: the connection's own value). */
const SETTING: Record<PlanMode, string> = {
  generic: 'set plan_cache_mode = force_generic_plan',
  own: 'reset plan_cache_mode',
};

/** What PostgreSQL's CommandComplete names the settings' statements. */
const SETTING_COMMANDS = new Set(['SET', 'RESET']);

/** What a ReadyForQuery says of the connection: idle, in a transaction block, in a failed one. */
type TransactionStatus = Exclude<PgTransactionStatus, null>;

/**
 * The mode one connection's next statement would be bound under, told by the statements sent on
 * it and PostgreSQL's answers, so that the setting is sent only when it must change: a full sync's
 * page statements in a row on a connection carry nothing, where each carried a SET and a RESET.
 * A setting is undone with what it was sent in: a failed implicit transaction (a statement's
 * own), a transaction block rolled back, a savepoint rolled back to. So it is taken as known only
 * once PostgreSQL has answered for it:
 *
 * - Outside a block, a statement that succeeded leaves the connection in the mode it was sent
 *   in; one that failed leaves it as it was.
 * - In a block, the mode is tracked the same way; a failure, or a rollback to a savepoint, makes
 *   it unknown until the block ends.
 * - When a block ends, COMMIT keeps the mode inside it and ROLLBACK gives back the one it began
 *   in; ended any other way (a COMMIT that failed), it is known only if the two are the same.
 *
 * Unknown, the setting is sent before every statement, and the statement's success makes it known.
 * No other code sends `plan_cache_mode` on these connections, and a statement without parameters
 * (the simple protocol) has no cached plan for the mode to choose.
 */
export class PlanModes {
  /** The mode the next statement is bound under, or null when not known. */
  #now: PlanMode | null = 'own';
  /** Within a transaction block, the mode it began in (what a rollback gives back); else undefined. */
  #blockStart: PlanMode | null | undefined;
  /** Of the statement in flight: the mode it sets if it succeeds, whether it failed, committed, rolled back. */
  #sets: PlanMode | undefined;
  #failed = false;
  #committed = false;
  #rolledBack = false;

  /**
   * Follows `connection` (pg's, whose `readyForQuery`, `commandComplete` and `errorMessage` events
   * carry PostgreSQL's answers) from `status`, its transaction status now; nothing sent on it has
   * set the mode yet.
   */
  constructor(connection: EventEmitter, status: PgTransactionStatus) {
    if (status === 'T' || status === 'E') this.#blockStart = 'own';
    if (status === 'E') this.#now = null;
    // Ahead of pg's own listeners: pg sends the next queued statement from its ReadyForQuery handler.
    connection.prependListener('errorMessage', () => {
      this.#failed = true;
    });
    connection.prependListener('commandComplete', (message: { text: string }) => {
      // ROLLBACK TO SAVEPOINT completes as ROLLBACK too.
      if (message.text === 'COMMIT') this.#committed = true;
      else if (message.text === 'ROLLBACK') this.#rolledBack = true;
    });
    connection.prependListener('readyForQuery', (message: { status: TransactionStatus }) => this.#answered(message.status));
  }

  /** The setting to send before a statement bound in `mode`, null when the connection is in it. */
  sending(mode: PlanMode): string | null {
    if (this.#now === mode) return null;
    this.#sets = mode;
    return SETTING[mode];
  }

  #answered(status: TransactionStatus): void {
    const sets = this.#sets;
    const failed = this.#failed;
    const committed = this.#committed && !failed;
    const rolledBack = this.#rolledBack;
    this.#sets = undefined;
    this.#failed = this.#committed = this.#rolledBack = false;
    if (this.#blockStart === undefined) {
      if (status === 'I') {
        if (sets !== undefined && !failed) this.#now = sets;
        return;
      }
      // A block began (BEGIN, alone or with a transaction's first statement).
      this.#blockStart = this.#now;
    } else if (status === 'I') {
      if (rolledBack && !committed) this.#now = this.#blockStart;
      else if (!committed || rolledBack) this.#now = this.#now === this.#blockStart ? this.#now : null;
      this.#blockStart = undefined;
      return;
    }
    if (failed || rolledBack || status === 'E') this.#now = null;
    else if (sets !== undefined) this.#now = sets;
  }
}

/** The part of pg's connection a query writes its extended-protocol messages with. */
interface Messages {
  parse(message: { text: string; name: string; types: unknown[] }): void;
  bind(message: { portal: string; statement: string; values: unknown[] }): void;
  execute(message: { portal: string; rows?: number | undefined }): void;
}

/** The parts of pg's Query (pg/lib/query.js) that send a prepared statement and read its completion. */
interface Sending {
  prepare(connection: Messages): void;
  handleCommandComplete(message: { text: string }, connection: Messages): void;
}

/** `text` as the unnamed statement, bound and executed, with no Sync: it runs in the Sync's transaction. */
function runUnnamed(connection: Messages, text: string): void {
  connection.parse({ text, name: '', types: [] });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '' });
}

/**
 * `query` (a named prepared statement) bound in `mode` on the connection `modes` follows: when the
 * connection is not known to be in it, the setting (PlanModes.sending) goes just before the
 * statement's Bind, in the same round trip and transaction. PostgreSQL plans a prepared statement
 * afresh for each of its first five executions on a connection (custom plans) and reads
 * `plan_cache_mode` when the statement is bound, so a statement bound in the generic mode takes
 * its generic plan, made once per connection, from the first execution on; any other statement is
 * bound in the connection's own setting. The setting's completion is not the statement's result
 * and is left out of it.
 */
export function runningIn(query: Query, modes: PlanModes, mode: PlanMode): void {
  const sending = query as unknown as Sending;
  const prepare = sending.prepare;
  sending.prepare = function (this: Sending, connection: Messages) {
    // Decided when pg sends the statement: one queued behind another is sent after its answer.
    const setting = modes.sending(mode);
    if (setting === null) return prepare.call(this, connection);
    // After the statement's Parse when pg sends one: pg takes the first ParseComplete of a query
    // for its statement's, so that one must be the statement's. Should pg's Bind throw, pg closes
    // the statement and syncs: the setting then commits with no error, as PlanModes takes it.
    connection.bind = function (message) {
      delete (connection as Partial<Messages>).bind;
      runUnnamed(connection, setting);
      connection.bind(message);
    };
    try {
      prepare.call(this, connection);
    } finally {
      delete (connection as Partial<Messages>).bind;
    }
    const complete = this.handleCommandComplete;
    this.handleCommandComplete = function (this: Sending, message: { text: string }, connection: Messages) {
      if (!SETTING_COMMANDS.has(message.text)) complete.call(this, message, connection);
    };
  };
}
