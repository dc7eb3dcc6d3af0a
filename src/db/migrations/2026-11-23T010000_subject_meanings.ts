import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * The meanings of a subject in a column of their own: lists of many subjects (item spread,
 * dashboard, unlockable) show slug, level, characters and meanings, and reading them no longer means
 * parsing every subject's whole body.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subjects')
    .addColumn('meanings', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const extract = isPostgres(db) ? sql`(data::jsonb -> 'meanings')::text` : sql`json_extract(data, '$.meanings')`;
  await sql`update subjects set meanings = ${extract}`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
