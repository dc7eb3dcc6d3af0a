import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import type { DatabaseEngine } from '../../src/config/index.js';
import { connect, type Db } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrator.js';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const ENGINES: DatabaseEngine[] = ['sqlite', 'postgres'];

/** Tables emptied between tests; the SRS systems are seeded by the migration and kept. */
const DATA_TABLES = [
  // A page store under way takes the bodies' table first: truncating in the same order waits for it.
  'stored_page_bodies',
  'stored_pages',
  'extra_study_items',
  'extra_study_cycles',
  'study_activity',
  'reviews',
  'review_statistics',
  'study_materials',
  'assignments',
  'level_progressions',
  'resets',
  'push_tickets',
  'push_tokens',
  'idempotency_keys',
  'sessions',
  'login_links',
  'api_tokens',
  'users',
  'content_release',
  'subject_terms',
  'subject_components',
  'subjects',
  'voice_actors',
];

export interface TestDb {
  db: Db;
  databaseUrl: string;
  pgSchema?: string;
  /** Empties every data table (between tests). */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

/** A fresh, migrated database: a temporary SQLite file, or a private schema on TEST_DATABASE_URL. */
export async function createTestDb(engine: DatabaseEngine): Promise<TestDb> {
  const suffix = randomBytes(6).toString('hex');
  if (engine === 'sqlite') {
    const path = join(tmpdir(), `study-test-${suffix}.db`);
    const databaseUrl = `sqlite:${path}`;
    const db = connect(databaseUrl);
    await migrateToLatest(db);
    return {
      db,
      databaseUrl,
      reset: async () => {
        for (const table of DATA_TABLES) await sql`delete from ${sql.table(table)}`.execute(db.kysely);
        await sql`delete from sqlite_sequence`.execute(db.kysely);
      },
      destroy: async () => {
        await db.close();
        for (const ext of ['', '-wal', '-shm']) rmSync(`${path}${ext}`, { force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `test_${suffix}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = connect(TEST_DATABASE_URL, { pgSchema: schema, pgPoolSize: 20 });
  await migrateToLatest(db);
  return {
    db,
    databaseUrl: TEST_DATABASE_URL,
    pgSchema: schema,
    reset: async () => {
      await sql`truncate ${sql.join(DATA_TABLES.map((t) => sql.table(t)))} restart identity cascade`.execute(db.kysely);
    },
    destroy: async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    },
  };
}
