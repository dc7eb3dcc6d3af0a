import type { Kysely } from 'kysely';

/**
 * Indexes for the home screen of a learner holding every subject: recently_unlocked reads the
 * newest unlocks without scanning the learner's assignments, and the stage-by-type counts of
 * item_spread come from the index alone. The spread index starts with (user_id, srs_stage), so it
 * replaces the narrower index on those columns at no extra write per review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('assignments_user_unlocked_idx').on('assignments').columns(['user_id', 'unlocked_at']).execute();
  await db.schema
    .createIndex('assignments_user_spread_idx')
    .on('assignments')
    .columns(['user_id', 'srs_stage', 'hidden', 'subject_type'])
    .execute();
  await db.schema.dropIndex('assignments_user_stage_idx').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
