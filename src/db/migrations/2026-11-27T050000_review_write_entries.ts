import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

/**
 * Fewer index entries and foreign-key checks per review (bench/README.md, "Eighth pass", POST
 * /reviews on PostgreSQL). A review's update of its assignment changes indexed columns, so it is
 * never a HOT update: every index of `assignments` whose predicate the new row version meets gets
 * an entry, and every foreign key of an inserted row is checked by a query of its own.
 *
 * - The recently burned index holds burned items only. Its one reader (highlights.ts,
 *   recentAssignmentEvents) always says `burned_at is not null`, which is the predicate, so both
 *   engines still read it alone; a review that does not burn its item writes no entry there.
 * - On PostgreSQL a review's row references its assignment by (user_id, assignment_id), one check
 *   where there were two (the learner, then the assignment). It is also stronger: a review must
 *   carry its assignment's learner. Deleting a learner still deletes their reviews (through their
 *   assignments, which cascade), deleting an assignment still deletes its reviews, and that delete
 *   now finds them through reviews_assignment_idx (user_id, assignment_id, ...) instead of
 *   scanning. The referenced (user_id, id) index becomes unique (id alone is), with the same
 *   entries as before.
 * - SQLite keeps its foreign keys: it checks one in process with a probe of the parent's index (no
 *   query, no row lock), and changing a constraint there means rebuilding `reviews`, the largest
 *   table, during the upgrade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assignments_user_recent_burned_idx').execute();
  await db.schema
    .createIndex('assignments_user_recent_burned_idx')
    .on('assignments')
    .columns(['user_id', 'hidden', 'burned_at', 'subject_id'])
    .where(sql.ref('burned_at'), 'is not', null)
    .execute();
  await db.schema.dropIndex('assignments_user_id_idx').execute();
  await db.schema.createIndex('assignments_user_id_idx').on('assignments').columns(['user_id', 'id']).unique().execute();
  if (!isPostgres(db)) return;
  await db.schema.alterTable('reviews').dropConstraint('reviews_user_id_fkey').execute();
  await db.schema.alterTable('reviews').dropConstraint('reviews_assignment_id_fkey').execute();
  await db.schema
    .alterTable('reviews')
    .addForeignKeyConstraint('reviews_assignment_fkey', ['user_id', 'assignment_id'], 'assignments', ['user_id', 'id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
