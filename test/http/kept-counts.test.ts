import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, type Learner } from '../support/factories.js';
import { recordStatements } from '../support/statements.js';
import { assignmentOf, pass, review, start } from '../support/study.js';

/** 620 level-1 radicals, so a new account holds two pages of assignments (500 a page). */
const CURRICULUM = Array.from({ length: 620 }, (_, i) => radical(i + 1, 1));

interface PageBody {
  total_count: number;
  pages: { next_url: string | null };
  data: { id: number }[];
}

/** The three collections a learner syncs, by their tables. */
const COLLECTIONS = ['assignments', 'review_statistics', 'study_materials'] as const;

/** A learner's rows of `table`, counted directly. */
async function rowsOf(app: TestApp, table: (typeof COLLECTIONS)[number], userId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(
    app.deps.db.kysely,
  );
  return Number(rows[0]!.n);
}

/** Each whole collection's `total_count` against the learner's rows counted directly; returns the counts. */
async function expectCounted(app: TestApp, learner: Learner): Promise<Record<(typeof COLLECTIONS)[number], number>> {
  const counts = {} as Record<(typeof COLLECTIONS)[number], number>;
  for (const table of COLLECTIONS) {
    const page = (await app.get(`/api/v1/${table}`, learner.token)).json() as PageBody;
    counts[table] = await rowsOf(app, table, learner.userId);
    expect(page.total_count, table).toBe(counts[table]);
  }
  return counts;
}

/**
 * A learner's collection counts its rows once per learner state and filter set (src/db/kept-counts.ts,
 * docs/decisions.md "Kept counts"); a whole collection's count is the account's, kept by triggers
 * ("Row counts on the account"). The page memo is off here, so every page is built and only the
 * count is kept. Both servers of the page memo's own test share the kept counts, so these cases
 * check the count against the rows themselves.
 */
describeEachEngine(
  'Kept counts',
  (t) => {
    it('keeps a filtered count while the learner state stays, and counts again once the stamp moves', async () => {
      const app = t();
      await seedSubjects(app.deps, CURRICULUM);
      const learner = await createLearner(app.deps);
      const visible = '/api/v1/assignments?hidden=false';
      const first = (await app.get(visible, learner.token)).json() as PageBody;
      expect(first.total_count).toBe(620);
      // A row deleted outside the use cases, without moving the stamp: the rows show it, the kept
      // count does not (which is why such writes must move the stamp, docs/decisions.md).
      await app.deps.db.kysely.deleteFrom('assignments').where('id', '=', first.data[0]!.id).execute();
      const stale = (await app.get(visible, learner.token)).json() as PageBody;
      expect(stale.data[0]!.id).not.toBe(first.data[0]!.id);
      expect(stale.total_count).toBe(620);
      // The whole collection's count is the account's, which the delete moved.
      expect(((await app.get('/api/v1/assignments', learner.token)).json() as PageBody).total_count).toBe(619);
      await moveLearnerStamps(app.deps.db, [learner.userId]);
      expect(((await app.get(visible, learner.token)).json() as PageBody).total_count).toBe(619);
    });

    it("reads a whole collection's count from the account, counting no row", async () => {
      const app = t();
      await seedSubjects(app.deps, CURRICULUM);
      const learner = await createLearner(app.deps);
      await app.post('/api/v1/study_materials', learner.token, { subject_id: 1, meaning_note: 'a note' });
      const recorded = await recordStatements(app.deps.db);
      try {
        for (const table of COLLECTIONS) await app.get(`/api/v1/${table}`, learner.token);
        await app.get('/api/v1/assignments?page_after_id=1', learner.token);
      } finally {
        recorded.restore();
      }
      const pages = recorded.sent.filter((text) => /_count\b/.test(text));
      expect(pages.length).toBeGreaterThanOrEqual(4);
      for (const text of pages) expect(text).not.toMatch(/count\(\*\)/i);
    });

    it("keeps each whole collection's count through every kind of write", async () => {
      const app = t();
      const db = app.deps.db.kysely;
      // Radicals 1-4 at level 1; kanji 10 opens once radicals 1 and 2 pass.
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1), kanji(10, 1, [1, 2])]);
      // Account creation: its first unlocks.
      const alice = await createLearner(app.deps, 'alice');
      const bob = await createLearner(app.deps, 'bob');
      expect((await expectCounted(app, alice)).assignments).toBe(4);
      // Reviews: the first of a subject inserts its statistic, later ones update it; passing both
      // radicals unlocks the kanji.
      await pass(app, alice.token, 1);
      await pass(app, alice.token, 2);
      expect(await expectCounted(app, alice)).toEqual({ assignments: 5, review_statistics: 2, study_materials: 0 });
      // Two learners' first reviews at once (on PostgreSQL, possibly one group statement).
      const [a3, b1] = [(await assignmentOf(app, alice.token, 3))!, (await assignmentOf(app, bob.token, 1))!];
      await start(app, alice.token, a3.id);
      await start(app, bob.token, b1.id);
      await Promise.all([review(app, alice.token, a3.id), review(app, bob.token, b1.id)]);
      expect((await expectCounted(app, alice)).review_statistics).toBe(3);
      expect((await expectCounted(app, bob)).review_statistics).toBe(1);
      // Study materials: a create inserts, an update does not.
      const created = await app.post('/api/v1/study_materials', alice.token, { subject_id: 1, meaning_note: 'a note' });
      expect(created.statusCode).toBe(201);
      const material = (created.json() as { id: number }).id;
      await app.put(`/api/v1/study_materials/${material}`, alice.token, { meaning_note: 'another' });
      expect((await expectCounted(app, alice)).study_materials).toBe(1);
      // A content import opening a new level-1 subject to existing learners.
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1), kanji(10, 1, [1, 2]), radical(5, 1)]);
      expect((await expectCounted(app, alice)).assignments).toBe(6);
      // Rows inserted, moved to another learner and deleted outside the use cases (no stamp moved).
      await db
        .insertInto('study_materials')
        .values({
          user_id: alice.userId,
          subject_id: 2,
          subject_type: 'radical',
          meaning_note: null,
          reading_note: null,
          meaning_synonyms: '[]',
          hidden: 0,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      expect((await expectCounted(app, alice)).study_materials).toBe(2);
      await db.updateTable('study_materials').set({ user_id: bob.userId }).where('id', '=', material).execute();
      expect((await expectCounted(app, alice)).study_materials).toBe(1);
      expect((await expectCounted(app, bob)).study_materials).toBe(1);
      await db.deleteFrom('assignments').where('user_id', '=', alice.userId).where('subject_id', '=', 5).execute();
      expect((await expectCounted(app, alice)).assignments).toBe(5);
      // An account deleted with its rows: the other learner's counts stay.
      await db.deleteFrom('users').where('id', '=', bob.userId).execute();
      expect(await expectCounted(app, alice)).toEqual({ assignments: 5, review_statistics: 3, study_materials: 1 });
      // A whole table emptied (PostgreSQL's truncate, as the tests' reset does; SQLite deletes each row).
      if (app.engine === 'postgres') await sql`truncate study_materials`.execute(db);
      else await sql`delete from study_materials`.execute(db);
      expect((await expectCounted(app, alice)).study_materials).toBe(0);
    });

    it('follows every write through the API, per filter set and page', async () => {
      const app = t();
      await seedSubjects(app.deps, CURRICULUM);
      const learner = await createLearner(app.deps);
      const started = '/api/v1/assignments?started=true';
      const lessons = '/api/v1/assignments?started=false';
      expect(((await app.get(started, learner.token)).json() as PageBody).total_count).toBe(0);
      const waiting = (await app.get(lessons, learner.token)).json() as PageBody;
      expect(waiting.total_count).toBe(620);
      for (const a of waiting.data.slice(0, 3)) await start(app, learner.token, a.id);
      expect(((await app.get(started, learner.token)).json() as PageBody).total_count).toBe(3);
      const after = (await app.get(lessons, learner.token)).json() as PageBody;
      expect(after.total_count).toBe(617);
      const second = new URL(after.pages.next_url!);
      expect(((await app.get(`/api/v1/assignments${second.search}`, learner.token)).json() as PageBody).total_count).toBe(617);
      await start(app, learner.token, after.data[0]!.id);
      expect(((await app.get(`/api/v1/assignments${second.search}`, learner.token)).json() as PageBody).total_count).toBe(616);
      const material = await app.post('/api/v1/study_materials', learner.token, { subject_id: 1, meaning_note: 'a note' });
      expect(material.statusCode).toBe(201);
      expect(((await app.get('/api/v1/study_materials', learner.token)).json() as PageBody).total_count).toBe(1);
      await app.post('/api/v1/study_materials', learner.token, { subject_id: 2, meaning_note: 'another' });
      expect(((await app.get('/api/v1/study_materials', learner.token)).json() as PageBody).total_count).toBe(2);
    });

    it('never counts for an earlier account that had the same id and change stamp', async () => {
      const app = t();
      await seedSubjects(app.deps, CURRICULUM.slice(0, 10));
      const alice = await createLearner(app.deps, 'alice');
      expect(((await app.get('/api/v1/assignments?hidden=false', alice.token)).json() as PageBody).total_count).toBe(10);
      // The account and its rows deleted directly and its id handed out again (as the tests' reset
      // does), then a new account at the same instant holding more rows: the same id and stamp.
      const db = app.deps.db.kysely;
      for (const table of ['assignments', 'level_progressions', 'api_tokens'] as const) {
        await db.deleteFrom(table).where('user_id', '=', alice.userId).execute();
      }
      await db.deleteFrom('users').where('id', '=', alice.userId).execute();
      if (app.engine === 'sqlite') await sql`update sqlite_sequence set seq = ${alice.userId - 1} where name = 'users'`.execute(db);
      else await sql`select setval(pg_get_serial_sequence('users', 'id'), ${alice.userId}, false)`.execute(db);
      await seedSubjects(app.deps, CURRICULUM.slice(10, 20));
      const bob = await createLearner(app.deps, 'bob');
      expect(bob.userId).toBe(alice.userId);
      const stamps = await db.selectFrom('users').select('change_stamp').execute();
      expect(stamps).toHaveLength(1);
      expect(((await app.get('/api/v1/assignments?hidden=false', bob.token)).json() as PageBody).total_count).toBe(20);
    });
  },
  // Pages read every time, never served from the store (stored-pages.test.ts).
  { LEARNER_PAGE_CACHE_MB: '0', STORED_PAGES_MB: '0' },
);
