import type { Kysely } from 'kysely';

/**
 * `study-service users disable`: when an operator disabled the account. A disabled account keeps
 * its data, its credentials are revoked, and no credential of it authenticates (docs/decisions.md,
 * "Disabled accounts").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
