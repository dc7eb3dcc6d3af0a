import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/** The learner collections whose unfiltered `total_count` is read from the account (`<table>_count`). */
const COUNTED_TABLES = ['assignments', 'review_statistics', 'study_materials'] as const;

/**
 * Each learner's number of assignments, review statistics and study materials, on the account
 * (`users.<table>_count`), kept by triggers in the transaction of every insert and delete (and the
 * rare update that moves a row to another learner), so every path counts: the use cases, content
 * imports, the CLI in another process, seeding, an operator's SQL. A page of a whole collection
 * reads its `total_count` there instead of counting the learner's rows (2.6 ms for 11,000
 * assignments on PostgreSQL) after every write. See docs/decisions.md, "Row counts on the account".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of COUNTED_TABLES) {
    const column = `${table}_count`;
    await db.schema
      .alterTable('users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update users set ${sql.ref(column)} = (select count(*) from ${sql.table(table)} as t where t.user_id = users.id)`.execute(db);
    if (isPostgres(db)) await postgresTriggers(db, table, column);
    else await sqliteTriggers(db, table, column);
  }
}

/**
 * Statement triggers with transition tables for inserts and deletes: a seeding or an import of
 * 10,000 rows updates each learner once, where a row trigger would update the same account row
 * 10,000 times in one transaction (each a new version of it). A statement that inserts or deletes
 * no row updates nothing (a lone review's statement inserts a statistic only the first time; a
 * group statement's insert runs with the rows it has). Truncation empties every learner's count.
 */
async function postgresTriggers(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const moved = (name: string, rows: string, sign: '+' | '-') =>
    sql.raw(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        update users set ${column} = ${column} ${sign} d.n
          from (select user_id, count(*) as n from ${rows} group by user_id) as d
          where users.id = d.user_id;
        return null;
      end $$`);
  await moved(`${table}_counted_in`, 'inserted', '+').execute(db);
  await moved(`${table}_counted_out`, 'deleted', '-').execute(db);
  await sql
    .raw(
      `create trigger ${table}_count_insert after insert on ${table}
       referencing new table as inserted for each statement execute function ${table}_counted_in()`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_count_delete after delete on ${table}
       referencing old table as deleted for each statement execute function ${table}_counted_out()`,
    )
    .execute(db);
  await sql
    .raw(
      `create function ${table}_counted_empty() returns trigger language plpgsql as $$
       begin
         update users set ${column} = 0 where ${column} <> 0;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(`create trigger ${table}_count_truncate after truncate on ${table} for each statement execute function ${table}_counted_empty()`)
    .execute(db);
  // No path moves a row to another learner; a row trigger (its column list lets no other update fire it) counts one that does.
  await sql
    .raw(
      `create function ${table}_counted_moved() returns trigger language plpgsql as $$
       begin
         update users set ${column} = ${column} - 1 where id = old.user_id;
         update users set ${column} = ${column} + 1 where id = new.user_id;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${table}_count_move after update of user_id on ${table}
       for each row when (old.user_id is distinct from new.user_id) execute function ${table}_counted_moved()`,
    )
    .execute(db);
}

/** SQLite has row triggers only: one small update of the account per row inserted or deleted. */
async function sqliteTriggers(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  const statements = [
    `create trigger ${table}_count_insert after insert on ${table}
     begin update users set ${column} = ${column} + 1 where id = new.user_id; end`,
    `create trigger ${table}_count_delete after delete on ${table}
     begin update users set ${column} = ${column} - 1 where id = old.user_id; end`,
    `create trigger ${table}_count_move after update of user_id on ${table} when old.user_id is not new.user_id
     begin
       update users set ${column} = ${column} - 1 where id = old.user_id;
       update users set ${column} = ${column} + 1 where id = new.user_id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
