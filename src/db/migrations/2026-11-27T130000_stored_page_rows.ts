import type { Kysely } from 'kysely';

/**
 * What a stored page was written from besides the learner's change stamp (docs/decisions.md,
 * "Stored pages", "A page stored under an earlier learner state"): a hash of the writer, the
 * learner's uuid, the content version, and the page's rows (ids and versions), total count and
 * links. A server that finds the page at its address stored under an earlier change stamp reads
 * only the rows' ids and versions, and serves the stored bytes when they hash the same: a write
 * elsewhere in the learner's data left that page as it was. Null for entries stored before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_pages').addColumn('rows_key', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
