import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** Migrations run on both engines; this is the one place they differ. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-generated integer primary key on either engine. */
export function generatedId(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db) ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
}
