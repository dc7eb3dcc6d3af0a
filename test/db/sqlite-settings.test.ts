import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { createTestDb, type TestDb } from '../support/db.js';

/** Settings src/db/connect.ts gives both SQLite connections of a database file (the writer and the reader). */
describe('SQLite connection settings', () => {
  let testDb: TestDb;
  let db: Kysely<Database>;

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    db = testDb.db.kysely;
  });

  afterAll(async () => {
    await testDb.destroy();
  });

  const tempStore = async (executor: Kysely<Database>) =>
    Number((await sql<{ temp_store: number }>`pragma temp_store`.execute(executor)).rows[0]?.temp_store);

  // 2 is MEMORY: a group commit member's statement journal (its SAVEPOINT) is no temporary file.
  it('keeps temporary storage in memory on the writing connection (inside transactions)', async () => {
    expect(await db.transaction().execute((trx) => tempStore(trx))).toBe(2);
  });

  it('keeps temporary storage in memory on the read connection (reads outside transactions)', async () => {
    expect(await tempStore(db)).toBe(2);
  });
});
