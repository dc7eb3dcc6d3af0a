import { Migrator, type MigrationResultSet } from 'kysely';
import type { Db } from './connect.js';
import { migrations } from './migrations/index.js';

function migratorOf(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    // Branches add migrations in their own time bands and land in any order: a database that
    // already applied a later-named one still gets an earlier-named newcomer (they are independent).
    allowUnorderedMigrations: true,
  });
}

/** Applies pending migrations; throws when one fails (so `migrate` never exits 0 on failure). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = migratorOf(db);
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error !== undefined) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`Migration ${failed} failed: ${cause}`);
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Names of the migrations this code knows that the database has not applied yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
