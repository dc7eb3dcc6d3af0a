import { expect, it } from 'vitest';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { referenceKeepingNothing, twoPageCurriculum } from '../support/learner-pages.js';
import { withStatements } from '../support/statements.js';
import { start } from '../support/study.js';

const FIRST = '/api/v1/assignments';
const SECOND = '/api/v1/assignments?page_after_id=500';

/** Whether a statement reads a page's window (its rows in id order), not only the rows changed since a page. */
const readsWindow = (statement: string) => /\bassignments\b/.test(statement) && /order by "id"/i.test(statement);

/**
 * The page last written at an address, read after a write as the rows changed since it
 * (collection-routes.ts, pageOfKeptRows; paging.ts, changedPage; docs/decisions.md, "The page a
 * write changed, from the rows changed since it"): its bytes and validators stay a server keeping
 * nothing's, with rows updated, inserted and deleted, through the use cases and outside them.
 */
describeEachEngine(
  'Collection pages: the page a write changed, from the rows changed since it',
  (t) => {
    const reference = referenceKeepingNothing(t);

    /** GET `address` with its bytes and validators the reference's; whether a statement of it read a window. */
    async function windowRead(app: TestApp, address: string, headers: Record<string, string>): Promise<boolean> {
      const { result: res, sent } = await withStatements(app.deps.db, () => app.get(address, undefined, headers));
      const expected = await reference().inject({ method: 'GET', url: address, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(expected.body);
      expect(res.headers.etag).toBe(expected.headers.etag);
      expect(res.headers['last-modified']).toBe(expected.headers['last-modified']);
      return sent.some(readsWindow);
    }

    /** A learner of `twoPageCurriculum` (and a level 2 radical, 621, not unlocked) who synced both pages of assignments. */
    async function syncedLearner(app: TestApp) {
      await seedSubjects(app.deps, [...twoPageCurriculum(), radical(621, 2)]);
      const learner = await createLearner(app.deps, 'alice');
      const headers = { authorization: `Bearer ${learner.token}` };
      for (const address of [FIRST, SECOND]) expect(await windowRead(app, address, headers)).toBe(true);
      const assignmentOf = async (subjectId: number) =>
        (await app.get(`/api/v1/assignments?subject_ids=${subjectId}`, learner.token)).json().data[0].id as number;
      return { ...learner, headers, assignmentOf };
    }

    /** The learner's change stamp, as rows written outside the use cases must take the next one. */
    async function stampOf(app: TestApp, userId: number): Promise<number> {
      const { change_stamp } = await app.deps.db.kysely
        .selectFrom('users')
        .select('change_stamp')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(change_stamp);
    }

    it('reads the page a write changed as the rows changed since it, and the page it left alone as kept', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      for (const subjectId of [1, 550, 2]) {
        await start(app, alice.token, await alice.assignmentOf(subjectId));
        expect(await windowRead(app, FIRST, alice.headers)).toBe(false);
        expect(await windowRead(app, SECOND, alice.headers)).toBe(false);
      }
    });

    it('splices rows changed together into the page, at its ends, side by side and apart, write after write', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      /** Outside the use cases: the assignments of these subjects changed at the learner's next stamp, in one write. */
      const change = async (subjectIds: readonly number[], srsStage: number) => {
        const ids = await Promise.all(subjectIds.map((s) => alice.assignmentOf(s)));
        await app.deps.db.kysely
          .updateTable('assignments')
          .set({ srs_stage: srsStage, updated_at: (await stampOf(app, alice.userId)) + 1 })
          .where('id', 'in', ids)
          .execute();
        await moveLearnerStamps(app.deps.db, [alice.userId]);
      };
      // Each within one page (a row of another page changed too reads as inserted there): the first
      // page's first and last rows, rows side by side and apart, then the second page's ends.
      const writes = [[1, 500], [2, 3, 250], [1, 2, 3, 4, 499, 500], [250], [501, 620], [7]];
      for (const [n, subjectIds] of writes.entries()) {
        await change(subjectIds, n + 1);
        expect(await windowRead(app, FIRST, alice.headers)).toBe(false);
        expect(await windowRead(app, SECOND, alice.headers)).toBe(false);
      }
    });

    it('places a row inserted outside the use cases at the end, and reads the pages again after a row was deleted', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      const db = app.deps.db.kysely;
      const { id: _id, ...columns } = await db
        .selectFrom('assignments')
        .selectAll()
        .where('id', '=', await alice.assignmentOf(1))
        .executeTakeFirstOrThrow();
      /** Outside the use cases: an assignment inserted (a new id, after every other) at the learner's next stamp, and the stamp moved, as such writes must. */
      const insert = async (subject: { subject_id: number; subject_level: number }) => {
        await db
          .insertInto('assignments')
          .values({ ...columns, ...subject, updated_at: (await stampOf(app, alice.userId)) + 1 })
          .execute();
        await moveLearnerStamps(app.deps.db, [alice.userId]);
      };
      // The level 2 radical's assignment: the first page's count moved; the last page gained the row.
      await insert({ subject_id: 621, subject_level: 2 });
      expect(await windowRead(app, FIRST, alice.headers)).toBe(false);
      expect(await windowRead(app, SECOND, alice.headers)).toBe(false);
      // A row of the second page deleted: the changes since the pages cannot tell them, so both are read.
      await db
        .deleteFrom('assignments')
        .where('id', '=', await alice.assignmentOf(600))
        .execute();
      await moveLearnerStamps(app.deps.db, [alice.userId]);
      expect(await windowRead(app, FIRST, alice.headers)).toBe(true);
      expect(await windowRead(app, SECOND, alice.headers)).toBe(true);
      // Its subject's assignment inserted again under a new id: placed at the end as the first insert.
      await insert({ subject_id: 600, subject_level: 1 });
      expect(await windowRead(app, FIRST, alice.headers)).toBe(false);
      expect(await windowRead(app, SECOND, alice.headers)).toBe(false);
    });
  },
  // Stored pages off: their stores after a response would be among a page's statements.
  { STORED_PAGES_MB: '0' },
);
