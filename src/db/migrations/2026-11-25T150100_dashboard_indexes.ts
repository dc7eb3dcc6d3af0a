import type { Kysely } from 'kysely';

/**
 * Covering indexes for the home screen's widgets, led by (user_id, hidden) because every widget
 * reads visible items only (see bench/README.md, GET /dashboard):
 * - reviews: the reviews waiting, the forecast's arrivals and the earliest review read
 *   available_at, started_at, burned_at and subject_id from the index alone, in available_at
 *   order, instead of one table lookup per scheduled item;
 * - stages: item_spread's counts per stage and type stream out of the index in GROUP BY order (no
 *   temporary B-tree over every started item), and GET /item_spread reads its columns from it;
 * - recent events: recently unlocked and burned are read newest first, ties by subject id
 *   descending, straight from the index, so LIMIT stops after a dozen entries instead of sorting
 *   every event in the window (a level opens hundreds of items at one instant);
 * - lessons: the lessons waiting (started_at null) come in (level, subject id) order from the
 *   index alone, and the same index serves the recently started items (ties by subject id are rare
 *   there: lessons start one by one).
 * The indexes these replace began (user_id, <column>) and served only the same queries; the one on
 * (user_id, available_at) stays for the assignment filters, which do not say `hidden`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('assignments_user_review_idx')
    .on('assignments')
    .columns(['user_id', 'hidden', 'available_at', 'started_at', 'burned_at', 'subject_id'])
    .execute();
  await db.schema
    .createIndex('assignments_user_stages_idx')
    .on('assignments')
    .columns(['user_id', 'hidden', 'srs_stage', 'subject_type', 'subject_level', 'subject_id'])
    .execute();
  await db.schema.dropIndex('assignments_user_spread_idx').execute();
  for (const [name, columns] of [
    ['recent_unlocked', ['unlocked_at', 'subject_id']],
    ['recent_burned', ['burned_at', 'subject_id']],
    ['lessons', ['started_at', 'subject_level', 'subject_id', 'unlocked_at']],
  ] as const) {
    await db.schema
      .createIndex(`assignments_user_${name}_idx`)
      .on('assignments')
      .columns(['user_id', 'hidden', ...columns])
      .execute();
  }
  for (const replaced of ['unlocked', 'started', 'burned']) await db.schema.dropIndex(`assignments_user_${replaced}_idx`).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
