import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type QueryResult,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';
import type { PreparingPool } from './prepared-statements.js';

interface ColumnRow {
  table_name: string;
  table_type: string;
  column_name: string;
  udt_name: string;
  udt_schema: string;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
}

/**
 * Introspection of the connection's own schema (the first of its search_path), not of the whole
 * database. Kysely's migrator lists "every table" only to see whether its bookkeeping tables exist:
 * the stock PostgreSQL introspector reads every schema, so another migrated schema in the same
 * database (a second install, a parallel test run) made it skip creating them in ours, and a schema
 * dropped during the query made it fail.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string | null }>`select current_schema() as name`.execute(this.db);
    return rows.flatMap((r) => (r.name === null ? [] : [{ name: r.name }]));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow & { table_schema: string }>`
      select c.table_schema, c.table_name, t.table_type, c.column_name, c.udt_name, c.udt_schema,
             c.is_nullable, c.column_default, c.is_identity
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = current_schema()
       order by c.table_name, c.ordinal_position`.execute(this.db);
    const internal = new Set<string>([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table_name)) continue;
      let table = tables.get(row.table_name);
      if (table === undefined) {
        table = { schema: row.table_schema, isView: row.table_type === 'VIEW', columns: [] };
        tables.set(row.table_name, table);
      }
      const identity = row.is_identity === 'YES';
      table.columns.push({
        name: row.column_name,
        dataType: row.udt_name,
        dataTypeSchema: row.udt_schema,
        isAutoIncrementing: identity || (row.column_default ?? '').startsWith('nextval('),
        isNullable: row.is_nullable === 'YES',
        hasDefaultValue: row.column_default !== null,
      });
    }
    return [...tables].map(([name, t]) => ({ name, ...t }));
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** The commands whose row count Kysely reports as the rows a statement changed. */
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * The pool as one connection for statements outside a transaction: each statement takes a pooled
 * connection, runs, and gives it back, as Kysely does, without Kysely's connection provider and
 * driver around it (two more async layers a statement and a connection object made for each;
 * bench/README.md, "Tenth pass"). Answers as Kysely's PostgreSQL connection does.
 */
class PooledStatements implements DatabaseConnection {
  constructor(private readonly pool: PreparingPool) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { command, rowCount, rows } = await this.pool.runAlone(query.sql, query.parameters);
    const found = (rows ?? []) as R[];
    return CHANGING_COMMANDS.has(command) ? { numAffectedRows: BigInt(rowCount ?? 0), rows: found } : { rows: found };
  }

  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('streaming needs a cursor, which this dialect is not given');
  }
}

/** PostgreSQL's adapter, holding the pool's statements outside transactions (standingPostgresConnection). */
class PooledPostgresAdapter extends PostgresAdapter {
  constructor(readonly standing: PooledStatements) {
    super();
  }
}

/**
 * PostgreSQL as Kysely ships it, with introspection limited to the current schema and the pool's
 * statements outside transactions reachable past Kysely's connection layers (standingPostgresConnection).
 */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  readonly #standing: PooledStatements;

  constructor(config: { pool: PreparingPool }) {
    super(config);
    this.#standing = new PooledStatements(config.pool);
  }

  override createAdapter(): DialectAdapter {
    return new PooledPostgresAdapter(this.#standing);
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

/**
 * The connection a statement compiled once runs on outside a transaction when `adapter` is a
 * CurrentSchemaPostgresDialect's: each statement on a pooled connection of its own (PooledStatements).
 * Undefined for any other adapter.
 */
export function standingPostgresConnection(adapter: DialectAdapter): DatabaseConnection | undefined {
  return adapter instanceof PooledPostgresAdapter ? adapter.standing : undefined;
}
