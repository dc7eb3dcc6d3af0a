import { sql, type Kysely } from 'kysely';
import { generatedId } from './dialect.js';

/**
 * The whole schema. Timestamps are epoch milliseconds (bigint), booleans 0/1 integers, JSON as text,
 * so one migration serves SQLite and PostgreSQL. Every user-owned table carries user_id and leads its
 * indexes with it, so the schema can be sharded by user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = generatedId(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('timezone', 'text')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('current_vacation_started_at', 'bigint')
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('push_baseline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_nudged_at', 'bigint')
    .addColumn('nudges_unsubscribed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  for (const table of ['api_tokens', 'sessions'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'integer', id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint');
    builder =
      table === 'api_tokens'
        ? builder.addColumn('label', 'text').addColumn('expires_at', 'bigint')
        : builder.addColumn('expires_at', 'bigint', (c) => c.notNull());
    await builder.execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).columns(['user_id', 'id']).execute();
  }

  await db.schema
    .createTable('push_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('platform', 'text')
    .addColumn('registered_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_tokens_user_idx').on('push_tokens').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('spaced_repetition_systems')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('unlocking_stage_position', 'integer', (c) => c.notNull())
    .addColumn('starting_stage_position', 'integer', (c) => c.notNull())
    .addColumn('passing_stage_position', 'integer', (c) => c.notNull())
    .addColumn('burning_stage_position', 'integer', (c) => c.notNull())
    .addColumn('stages', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('srs_updated_idx').on('spaced_repetition_systems').column('updated_at').execute();

  await db.schema
    .createTable('subjects')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('object', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('characters', 'text')
    .addColumn('lesson_position', 'integer', (c) => c.notNull())
    .addColumn('spaced_repetition_system_id', 'integer', (c) => c.notNull().references('spaced_repetition_systems.id'))
    .addColumn('hidden_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subjects_level_idx').on('subjects').columns(['level', 'object']).execute();
  await db.schema.createIndex('subjects_object_idx').on('subjects').column('object').execute();
  await db.schema.createIndex('subjects_slug_idx').on('subjects').column('slug').execute();
  await db.schema.createIndex('subjects_updated_idx').on('subjects').column('updated_at').execute();

  await db.schema
    .createTable('subject_components')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('component_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('subject_components_pk', ['subject_id', 'component_id'])
    .execute();
  await db.schema.createIndex('subject_components_component_idx').on('subject_components').column('component_id').execute();

  await db.schema
    .createTable('subject_terms')
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('subject_terms_pk', ['subject_id', 'term'])
    .execute();
  await db.schema.createIndex('subject_terms_term_idx').on('subject_terms').column('term').execute();

  await db.schema
    .createTable('voice_actors')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('voice_actors_updated_idx').on('voice_actors').column('updated_at').execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('subject_level', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('srs_stage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unlocked_at', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('passed_at', 'bigint')
    .addColumn('burned_at', 'bigint')
    .addColumn('available_at', 'bigint')
    .addColumn('resurrected_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('assignments_user_subject_uq', ['user_id', 'subject_id'])
    .execute();
  for (const [name, columns] of [
    ['assignments_user_id_idx', ['user_id', 'id']],
    ['assignments_user_updated_idx', ['user_id', 'updated_at']],
    ['assignments_user_available_idx', ['user_id', 'available_at']],
    ['assignments_user_stage_idx', ['user_id', 'srs_stage']],
    ['assignments_user_level_idx', ['user_id', 'subject_level', 'subject_type']],
    ['assignments_user_started_idx', ['user_id', 'started_at']],
    ['assignments_user_burned_idx', ['user_id', 'burned_at']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('assignments')
      .columns([...columns])
      .execute();
  }
  await db.schema.createIndex('assignments_subject_idx').on('assignments').column('subject_id').execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('starting_srs_stage', 'integer', (c) => c.notNull())
    .addColumn('ending_srs_stage', 'integer', (c) => c.notNull())
    .addColumn('incorrect_meaning_answers', 'integer', (c) => c.notNull())
    .addColumn('incorrect_reading_answers', 'integer', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('spaced_repetition_system_id', 'integer', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reviews_user_time_idx').on('reviews').columns(['user_id', 'created_at', 'correct']).execute();
  await db.schema.createIndex('reviews_assignment_idx').on('reviews').columns(['user_id', 'assignment_id', 'created_at']).execute();

  await db.schema
    .createTable('review_statistics')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('meaning_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meaning_incorrect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meaning_max_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meaning_current_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reading_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reading_incorrect', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reading_max_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reading_current_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('percentage_correct', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('review_statistics_user_subject_uq', ['user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('review_statistics_user_id_idx').on('review_statistics').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('review_statistics_user_updated_idx').on('review_statistics').columns(['user_id', 'updated_at']).execute();
  await db.schema
    .createIndex('review_statistics_user_pct_idx')
    .on('review_statistics')
    .columns(['user_id', 'percentage_correct'])
    .execute();

  await db.schema
    .createTable('study_materials')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id'))
    .addColumn('subject_type', 'text', (c) => c.notNull())
    .addColumn('meaning_note', 'text')
    .addColumn('reading_note', 'text')
    .addColumn('meaning_synonyms', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('study_materials_user_subject_uq', ['user_id', 'subject_id'])
    .execute();
  await db.schema.createIndex('study_materials_user_id_idx').on('study_materials').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('study_materials_user_updated_idx').on('study_materials').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('level_progressions')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('unlocked_at', 'bigint')
    .addColumn('started_at', 'bigint')
    .addColumn('passed_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('abandoned_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('level_progressions_user_level_uq', ['user_id', 'level'])
    .execute();
  await db.schema.createIndex('level_progressions_user_updated_idx').on('level_progressions').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('resets')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('original_level', 'integer', (c) => c.notNull())
    .addColumn('target_level', 'integer', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('resets_user_updated_idx').on('resets').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('study_activity')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('slot', 'bigint', (c) => c.notNull())
    .addColumn('reviews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lessons', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('study_activity_pk', ['user_id', 'slot'])
    .execute();

  await db.schema
    .createTable('extra_study_cycles')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('capped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('extra_study_cycles_user_kind_idx').on('extra_study_cycles').columns(['user_id', 'kind', 'id']).execute();

  await db.schema
    .createTable('extra_study_items')
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('extra_study_cycles.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .addPrimaryKeyConstraint('extra_study_items_pk', ['cycle_id', 'assignment_id'])
    .execute();
  await db.schema.createIndex('extra_study_items_user_idx').on('extra_study_items').columns(['user_id', 'cycle_id']).execute();

  // The two systems of the reference API (see docs/decisions.md, SRS systems); positions and intervals are read from here, never from constants.
  const created = Date.UTC(2026, 10, 21);
  const stages = (intervals: number[]) =>
    JSON.stringify([
      { position: 0, interval: null, interval_unit: null },
      ...intervals.map((interval, i) => ({ position: i + 1, interval, interval_unit: 'seconds' })),
      { position: 9, interval: null, interval_unit: null },
    ]);
  const systems = [
    {
      id: 1,
      name: 'Default system for dictionary subjects',
      description: 'The original spaced repetition system',
      stages: stages([14400, 28800, 82800, 169200, 601200, 1206000, 2588400, 10364400]),
    },
    {
      id: 2,
      name: 'Default accelerated system for dictionary subjects',
      description: 'The original spaced repetition system, but accelerated',
      stages: stages([7200, 14400, 28800, 82800, 601200, 1206000, 2588400, 10364400]),
    },
  ];
  for (const system of systems) {
    await sql`insert into spaced_repetition_systems
      (id, name, description, unlocking_stage_position, starting_stage_position, passing_stage_position,
       burning_stage_position, stages, created_at, updated_at)
      values (${system.id}, ${system.name}, ${system.description}, 0, 1, 5, 9, ${system.stages}, ${created}, ${created})`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
