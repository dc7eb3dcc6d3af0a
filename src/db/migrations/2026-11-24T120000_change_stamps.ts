import { sql, type Kysely } from 'kysely';

/** The learner-owned tables whose rows carry a change stamp (updated_at) that clients sync by. */
const STAMPED_TABLES = [
  'assignments',
  'review_statistics',
  'study_materials',
  'level_progressions',
  'resets',
  'reviews',
  'extra_study_cycles',
];

/**
 * Each learner's latest change stamp, kept on the account so every write can take the next one
 * under the learner's lock (see docs/decisions.md, "Change stamps"). Existing accounts start from
 * the newest updated_at of anything they own, so the first new stamp is after every existing one
 * even if the clock has moved back since.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('change_stamp', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set change_stamp = updated_at`.execute(db);
  for (const table of STAMPED_TABLES) {
    const newest = sql`(select max(t.updated_at) from ${sql.table(table)} t where t.user_id = users.id)`;
    await sql`update users set change_stamp = ${newest} where change_stamp < ${newest}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
