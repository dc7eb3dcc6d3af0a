import type { Kysely } from 'kysely';

/**
 * The reviews waiting are listed by due time, then subject id. The covering index of the reviews
 * (dashboard_indexes) carried subject_id last, after started_at and burned_at, so every due time
 * shared by many items (a lesson batch comes due together) was sorted again in a temporary B-tree:
 * 1.8 of 2.8 ms for a learner with 1,797 reviews waiting. With subject_id right after available_at
 * the rows come out of the index in the listed order; the conditions on started_at and burned_at
 * are still read from the index alone, and a review writes no more index entries than before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assignments_user_review_idx').execute();
  await db.schema
    .createIndex('assignments_user_review_idx')
    .on('assignments')
    .columns(['user_id', 'hidden', 'available_at', 'subject_id', 'started_at', 'burned_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
