import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { describeEachEngine } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { start } from '../support/study.js';

/** 620 level-1 radicals, so a new account holds two pages of assignments (500 a page). */
const CURRICULUM = Array.from({ length: 620 }, (_, i) => radical(i + 1, 1));

interface PageBody {
  total_count: number;
  pages: { next_url: string | null };
  data: { id: number }[];
}

/**
 * A learner's collection counts its rows once per learner state and filter set (src/db/kept-counts.ts,
 * docs/decisions.md "Kept counts"); the page memo is off here, so every page is built and only the
 * count is kept. Both servers of the page memo's own test share the kept counts, so these cases
 * check the count against the rows themselves.
 */
describeEachEngine(
  'Kept counts',
  (t) => {
    it('keeps the count while the learner state stays, and counts again once the stamp moves', async () => {
      const app = t();
      await seedSubjects(app.deps, CURRICULUM);
      const learner = await createLearner(app.deps);
      const first = (await app.get('/api/v1/assignments', learner.token)).json() as PageBody;
      expect(first.total_count).toBe(620);
      // A row deleted outside the use cases, without moving the stamp: the rows show it, the kept
      // count does not (which is why such writes must move the stamp, docs/decisions.md).
      await app.deps.db.kysely.deleteFrom('assignments').where('id', '=', first.data[0]!.id).execute();
      const stale = (await app.get('/api/v1/assignments', learner.token)).json() as PageBody;
      expect(stale.data[0]!.id).not.toBe(first.data[0]!.id);
      expect(stale.total_count).toBe(620);
      await moveLearnerStamps(app.deps.db, [learner.userId]);
      expect(((await app.get('/api/v1/assignments', learner.token)).json() as PageBody).total_count).toBe(619);
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
      expect(((await app.get('/api/v1/assignments', alice.token)).json() as PageBody).total_count).toBe(10);
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
      expect(((await app.get('/api/v1/assignments', bob.token)).json() as PageBody).total_count).toBe(20);
    });
  },
  // Pages read every time, never served from the store (stored-pages.test.ts).
  { LEARNER_PAGE_CACHE_MB: '0', STORED_PAGES_MB: '0' },
);
