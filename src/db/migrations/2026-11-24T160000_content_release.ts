import type { Kysely } from 'kysely';

/**
 * Which content the subjects table holds: `origin` is `bundled` (the open curriculum shipped with
 * the code, identified by the sha256 of its file) or `import` (an operator's `content import`).
 * One row. A start compares the bundled file's checksum with it and reloads the curriculum only when
 * the shipped file changed, so an upgrade costs one import and a normal start one hash and one read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_release')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text')
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
