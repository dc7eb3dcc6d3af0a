import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseEngine } from '../../src/config/index.js';
import { connect, type Db } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';
import { migrations } from '../../src/db/migrations/index.js';
import { recentAssignmentEvents } from '../../src/db/repositories/highlights.js';
import type { Database } from '../../src/db/schema.js';
import { ENGINES, TEST_DATABASE_URL } from '../support/db.js';

/** The migration before review_write_entries: the data below is written in its schema. */
const BEFORE = '2026-11-26T100000_review_index_order';
const T = Date.UTC(2026, 10, 20);

interface Opened {
  db: Db;
  close(): Promise<void>;
}

/** An empty database migrated up to `BEFORE` only. */
async function openAtBefore(engine: DatabaseEngine): Promise<Opened> {
  const suffix = randomBytes(6).toString('hex');
  let db: Db;
  let dispose: () => Promise<void>;
  if (engine === 'sqlite') {
    const path = join(tmpdir(), `study-test-${suffix}.db`);
    db = connect(`sqlite:${path}`);
    dispose = async () => {
      for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
    };
  } else {
    const schema = `test_${suffix}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = connect(TEST_DATABASE_URL!, { pgSchema: schema });
    dispose = async () => {
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    };
  }
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(BEFORE);
  if (error !== undefined) throw error;
  return {
    db,
    close: async () => {
      await db.close();
      await dispose();
    },
  };
}

/** A correct review of `assignmentId` (of subject `subjectId`) by `userId`. */
function reviewRow(userId: number, assignmentId: number, subjectId: number) {
  return {
    user_id: userId,
    assignment_id: assignmentId,
    subject_id: subjectId,
    subject_type: 'radical',
    created_at: T,
    starting_srs_stage: 2,
    ending_srs_stage: 3,
    incorrect_meaning_answers: 0,
    incorrect_reading_answers: 0,
    correct: 1,
    spaced_repetition_system_id: 1,
    hidden: 0,
    updated_at: T,
  };
}

/** Two learners, each with a burned and a studied assignment of two subjects, and reviews of them. */
async function seed(db: Kysely<Database>): Promise<{ alice: number; bob: number; assignments: Record<string, number> }> {
  for (const id of [1, 2])
    await db
      .insertInto('subjects')
      .values({
        id,
        object: 'radical',
        slug: `r${id}`,
        level: 1,
        lesson_position: id,
        spaced_repetition_system_id: 1,
        created_at: T,
        updated_at: T,
        data: '{}',
        meanings: '[]',
      })
      .execute();
  const learner = async (name: string) =>
    (
      await db
        .insertInto('users')
        .values({
          uuid: `uuid-${name}`,
          username: name,
          level: 1,
          preferences: '{}',
          push_baseline: 0,
          started_at: T,
          created_at: T,
          updated_at: T,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id as number;
  const alice = await learner('alice');
  const bob = await learner('bob');
  const assignments: Record<string, number> = {};
  for (const [user, name] of [
    [alice, 'alice'],
    [bob, 'bob'],
  ] as const) {
    for (const [subject, burned] of [
      [1, true],
      [2, false],
    ] as const) {
      const { id } = await db
        .insertInto('assignments')
        .values({
          user_id: user,
          subject_id: subject,
          subject_type: 'radical',
          subject_level: 1,
          hidden: 0,
          srs_stage: burned ? 9 : 3,
          unlocked_at: T,
          started_at: T,
          passed_at: burned ? T : null,
          burned_at: burned ? T + subject : null,
          available_at: burned ? null : T + 1000,
          created_at: T,
          updated_at: T,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      assignments[`${name} ${subject}`] = id;
      await db
        .insertInto('reviews')
        .values(reviewRow(user, id, subject))
        .execute();
    }
  }
  return { alice, bob, assignments };
}

const reviewCount = async (db: Kysely<Database>) =>
  Number((await sql<{ n: number }>`select count(*) as n from reviews`.execute(db)).rows[0]!.n);

describe.each(ENGINES.filter((e) => e === 'sqlite' || TEST_DATABASE_URL !== undefined))('migration review_write_entries (%s)', (engine) => {
  let opened: Opened | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });

  it('applies on existing data: the rows stay, burned items are still listed, deletes still cascade to reviews', async () => {
    opened = await openAtBefore(engine);
    const db = opened.db.kysely;
    const { alice, bob, assignments } = await seed(db);
    expect(await migrateToLatest(opened.db)).toContain('2026-11-27T050000_review_write_entries');

    expect(await reviewCount(db)).toBe(4);
    expect(await recentAssignmentEvents(opened.db.kysely, alice, 'burned_at', null, 12)).toEqual([
      { assignmentId: assignments['alice 1'], subjectId: 1, at: T + 1 },
    ]);
    // An assignment's delete takes its reviews; a learner's takes theirs (through the assignments).
    await db.deleteFrom('assignments').where('id', '=', assignments['alice 2']!).execute();
    expect(await reviewCount(db)).toBe(3);
    await db.deleteFrom('users').where('id', '=', bob).execute();
    expect(await reviewCount(db)).toBe(1);
  });

  it("counts each learner's rows already there on the account (learner_row_counts), then keeps the counts", async () => {
    opened = await openAtBefore(engine);
    const db = opened.db.kysely;
    const { alice, bob, assignments } = await seed(db);
    expect(await migrateToLatest(opened.db)).toContain('2026-11-28T160000_learner_row_counts');
    const counts = () => db.selectFrom('users').select(['id', 'assignments_count', 'review_statistics_count']).orderBy('id').execute();
    expect(await counts()).toEqual([
      { id: alice, assignments_count: 2, review_statistics_count: 0 },
      { id: bob, assignments_count: 2, review_statistics_count: 0 },
    ]);
    await db.deleteFrom('assignments').where('id', '=', assignments['alice 2']!).execute();
    expect((await counts())[0]!.assignments_count).toBe(1);
  });

  it('keeps burned items only in the recently burned index', async () => {
    opened = await openAtBefore(engine);
    await migrateToLatest(opened.db);
    const db = opened.db.kysely;
    const definition =
      engine === 'postgres'
        ? (
            await sql<{
              d: string;
            }>`select indexdef as d from pg_indexes where schemaname = current_schema() and indexname = 'assignments_user_recent_burned_idx'`.execute(
              db,
            )
          ).rows[0]?.d
        : (await sql<{ d: string }>`select sql as d from sqlite_master where name = 'assignments_user_recent_burned_idx'`.execute(db))
            .rows[0]?.d;
    expect(definition?.toLowerCase()).toMatch(/where \(?"?burned_at"? is not null\)?$/);
  });

  it.runIf(engine === 'postgres')('refuses a review whose learner is not its assignment’s (one foreign key on both columns)', async () => {
    opened = await openAtBefore(engine);
    const db = opened.db.kysely;
    const { bob, assignments } = await seed(db);
    await migrateToLatest(opened.db);
    const review = (userId: number) =>
      db
        .insertInto('reviews')
        .values(reviewRow(userId, assignments['alice 2']!, 2))
        .execute();
    await expect(review(bob)).rejects.toThrow(/reviews_assignment_fkey/);
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from pg_constraint where conrelid = 'reviews'::regclass and contype = 'f'`.execute(db);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});
