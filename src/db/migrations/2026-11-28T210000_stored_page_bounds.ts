import type { Kysely } from 'kysely';

/**
 * Where a stored page lies in the learner's collection, beside its rows' key (docs/decisions.md,
 * "A stored page a write left alone, shown by its bounds"): its last row's id, its number of rows,
 * its total count and links (0 or 1 each). A page statement for a whole collection read against a
 * page stored under an earlier change stamp checks these in SQL (no row in the page's id range is
 * newer than the page's newest, as many rows there as it held, the same count and neighbours), and
 * reads the window's ids and versions only when they do not hold. Null for entries stored before,
 * and for a page of no rows: those are read against as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_pages').addColumn('last_id', 'bigint').execute();
  for (const column of ['row_count', 'total_count', 'has_next', 'has_previous'])
    await db.schema.alterTable('stored_pages').addColumn(column, 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
