import type { Kysely } from 'kysely';
import { generatedId } from './dialect.js';

/**
 * One-time sign-in links for the web app (`study-service login-link <username>`): only the token's
 * sha-256 is stored; a link works once (used_at) and until expires_at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_links')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('login_links_user_idx').on('login_links').columns(['user_id', 'id']).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
