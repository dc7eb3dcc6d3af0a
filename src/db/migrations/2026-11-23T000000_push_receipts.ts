import type { Kysely } from 'kysely';
import { generatedId } from './dialect.js';

/**
 * The push provider's tickets of accepted messages, kept until their receipts are read (see docs/decisions.md, Push notifications): a
 * device the provider reports DeviceNotRegistered only in a later receipt is revoked then.
 * created_at drives both the wait before asking and the cap after which a ticket is dropped unasked;
 * push_token_id is indexed too, so retiring a token (the cascade) never scans every ticket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('push_tickets')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('push_token_id', 'integer', (c) => c.notNull().references('push_tokens.id').onDelete('cascade'))
    .addColumn('ticket_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_tickets_created_idx').on('push_tickets').column('created_at').execute();
  await db.schema.createIndex('push_tickets_user_idx').on('push_tickets').column('user_id').execute();
  await db.schema.createIndex('push_tickets_token_idx').on('push_tickets').column('push_token_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
