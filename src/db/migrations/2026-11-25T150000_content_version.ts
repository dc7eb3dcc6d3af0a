import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * A counter that moves whenever any subject row is written (insert, update, delete, truncate), kept
 * by triggers so every path counts: the server's import, the CLI in another process, an operator's
 * SQL. Whatever is derived from subjects alone (the subject pages served as stored bytes, subject
 * briefs) is cached under this version and rebuilt when it moves. See docs/decisions.md, "Subject
 * page cache".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into content_version (id, version) values (1, 1)`.execute(db);
  if (isPostgres(db)) {
    await sql`
      create function bump_content_version() returns trigger language plpgsql as $$
      begin
        update content_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    // Statement triggers: an import of 10,000 rows bumps the counter once per statement, not per row.
    await sql`
      create trigger subjects_content_version after insert or update or delete or truncate on subjects
      for each statement execute function bump_content_version()`.execute(db);
    return;
  }
  // SQLite has row triggers only; one small update per written row, inside the writer's transaction.
  for (const event of ['insert', 'update', 'delete']) {
    await sql
      .raw(
        `create trigger subjects_content_version_${event} after ${event} on subjects
         begin update content_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
