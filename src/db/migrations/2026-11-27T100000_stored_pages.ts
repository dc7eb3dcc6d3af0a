import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Learners' collection pages stored whole, so a server that keeps nothing in memory (after a
 * restart) serves a page it built before with one look-up (docs/decisions.md, "Stored pages").
 *
 * - `stored_pages`: one entry per learner and request address, naming the bytes by their ETag (the
 *   SHA-1 of the bytes); storing the page again under a newer version replaces it. `stored_at`
 *   orders the eviction within the budget.
 * - `stored_page_bodies`: the bytes, per learner and ETag. After a write most pages of a sync are
 *   the bytes they were, so storing them again moves only their entry's version, not their bytes.
 *   On PostgreSQL as text (the bytes are UTF-8 JSON): a bytea is sent as hex, twice the bytes for
 *   the backend to write and for node-postgres to read and decode.
 *
 * No foreign key to `users`: checking it would hold a key-share lock on the learner's row until
 * the store commits, and every write of that learner (`lockUser`'s `for update`) would wait for
 * it. An entry is never served to another account (the version names the account's uuid), and
 * entries no learner reads any more go by the budget.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_page_bodies')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('body', isPostgres(db) ? 'text' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_page_bodies_pkey', ['user_id', 'etag'])
    .execute();
  await db.schema
    .createTable('stored_pages')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('data_updated_at', 'bigint')
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('stored_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('stored_pages_pkey', ['user_id', 'address'])
    .execute();
  await db.schema.createIndex('stored_pages_stored_at_idx').on('stored_pages').columns(['stored_at']).execute();
  await db.schema.createIndex('stored_pages_body_idx').on('stored_pages').columns(['user_id', 'etag']).execute();
  // A page is JSON already written: PostgreSQL's compression of it would cost each store and each read the
  // backend's CPU for space the budget bounds anyway.
  if (isPostgres(db)) await sql`alter table stored_page_bodies alter column body set storage external`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
