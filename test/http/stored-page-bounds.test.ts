import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { radical, seedSubjects } from '../support/factories.js';
import { learnerWithHistory, referenceKeepingNothing, serverKeepingNothing, twoPageCurriculum } from '../support/learner-pages.js';
import { review } from '../support/study.js';

const FIRST = '/api/v1/assignments';
const SECOND = '/api/v1/assignments?page_after_id=500';
const STATISTICS = '/api/v1/review_statistics';
const MATERIALS = '/api/v1/study_materials';
const ADDRESSES = [FIRST, SECOND, STATISTICS, MATERIALS];
const MARKER = '{"stored":"marker"}';

/**
 * A page stored under an earlier learner state, shown to be the page now by its bounds in the page
 * statement (paging.ts, sameAsBounds; docs/decisions.md, "A stored page a write left alone, shown
 * by its bounds"), through servers that keep nothing in memory, as just restarted. The stored
 * bytes are replaced by a marker and the stored rows' keys by a key no rows hash to: a server
 * serving the marker served the stored page on its bounds alone (compared by its rows' key, the
 * page would have been written anew). Every page not left alone must be a server keeping
 * nothing's, byte for byte: a row of it written, a row deleted in its range or inserted beyond it,
 * its count moved.
 */
describeEachEngine('Stored pages a write left alone, shown by their bounds', (t) => {
  const reference = referenceKeepingNothing(t);

  const get = (server: FastifyInstance, url: string, token: string) =>
    server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  /** A learner with history, and a level 2 radical (621) not unlocked, whose assignment can be inserted outside the use cases. */
  async function learner(app: TestApp) {
    const learner = await learnerWithHistory(app);
    await seedSubjects(app.deps, [...twoPageCurriculum(), radical(621, 2)]);
    return learner;
  }

  /** Every address built by a server just restarted and stored as it closes; then the stored bytes marked and the rows' keys garbled. */
  async function storedAndMarked(app: TestApp, userId: number, token: string): Promise<Map<string, string>> {
    const etags = new Map<string, string>();
    const first = await serverKeepingNothing(app.deps);
    try {
      for (const address of ADDRESSES) {
        const res = await get(first, address, token);
        expect(res.statusCode, address).toBe(200);
        etags.set(address, res.headers.etag as string);
      }
    } finally {
      await first.close();
    }
    await mark(app, userId);
    return etags;
  }

  async function mark(app: TestApp, userId: number): Promise<void> {
    const db = app.deps.db.kysely;
    const body = app.engine === 'sqlite' ? Buffer.from(MARKER) : MARKER;
    await sql`update stored_page_bodies set body = ${body} where user_id = ${userId}`.execute(db);
    const entries = await sql<{ n: number }>`update stored_pages set rows_key = 'no rows hash to this'
      where user_id = ${userId} and address in (${sql.join(ADDRESSES)})
        and last_id is not null and row_count is not null and total_count is not null returning 1 as n`.execute(db);
    expect(entries.rows).toHaveLength(ADDRESSES.length);
  }

  /** What a server just restarted serves at each address: the marker (with the ETag stored), or the reference's bytes and validators. */
  async function served(
    app: TestApp,
    token: string,
    etags: Map<string, string>,
    leftAlone: readonly string[],
    /** A server that served these addresses before (left open); else one just restarted, closed after. */
    warm: FastifyInstance | null = null,
  ): Promise<void> {
    const server = warm ?? (await serverKeepingNothing(app.deps));
    try {
      for (const address of ADDRESSES) {
        const res = await get(server, address, token);
        expect(res.statusCode, address).toBe(200);
        if (leftAlone.includes(address)) {
          expect(res.body, address).toBe(MARKER);
          expect(res.headers.etag, address).toBe(etags.get(address));
        } else {
          const expected = await get(reference(), address, token);
          expect(res.body, address).not.toBe(MARKER);
          expect(res.body, address).toBe(expected.body);
          expect(res.headers.etag, address).toBe(expected.headers.etag);
          expect(res.headers['last-modified'], address).toBe(expected.headers['last-modified']);
        }
      }
    } finally {
      if (warm === null) await server.close();
    }
  }

  /** Rows written outside the use cases at the learner's next stamp, the stamp then moved, as such writes must. */
  async function outside(app: TestApp, userId: number, write: (stamp: number) => Promise<unknown>): Promise<void> {
    const { change_stamp } = await app.deps.db.kysely
      .selectFrom('users')
      .select('change_stamp')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await write(Number(change_stamp) + 1);
    await moveLearnerStamps(app.deps.db, [userId]);
  }

  const assignmentOf = async (app: TestApp, userId: number, subjectId: number) =>
    app.deps.db.kysely
      .selectFrom('assignments')
      .selectAll()
      .where('user_id', '=', userId)
      .where('subject_id', '=', subjectId)
      .executeTakeFirstOrThrow();

  /** Outside the use cases: the subject's assignment deleted and inserted again under a new id (after every other), the count as it was. */
  async function reassigned(app: TestApp, userId: number, subjectId: number): Promise<void> {
    const { id, ...columns } = await assignmentOf(app, userId, subjectId);
    await outside(app, userId, async (stamp) => {
      await app.deps.db.kysely.deleteFrom('assignments').where('id', '=', id).execute();
      await app.deps.db.kysely
        .insertInto('assignments')
        .values({ ...columns, updated_at: stamp })
        .execute();
    });
  }

  it('serves the pages a write elsewhere left alone as stored, and stores them again under the new state with their bounds', async () => {
    const app = t();
    const { token, userId, materialId } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'second' })).statusCode).toBe(200);
    await served(app, token, etags, [FIRST, SECOND, STATISTICS]);
    // Stored again under the state after the write (the server closing stored them), bounds and all: the next write elsewhere is served the same way.
    await mark(app, userId);
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'third' })).statusCode).toBe(200);
    await served(app, token, etags, [FIRST, SECOND, STATISTICS]);
  });

  it('serves them so on a server keeping pages but not rows that served the addresses before: it looks the stored page up by a statement of its own', async () => {
    const app = t();
    const { token, userId, materialId, assignmentIds } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    // Its page memo misses after the write (a new learner state), and it holds no row to read the page against.
    const warm = await serverKeepingNothing(app.deps, { LEARNER_PAGE_CACHE_MB: '24' });
    try {
      for (const address of ADDRESSES) expect((await get(warm, address, token)).body, address).toBe(MARKER);
      app.clock.advance(60_000);
      expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'second' })).statusCode).toBe(200);
      await served(app, token, etags, [FIRST, SECOND, STATISTICS], warm);
      app.clock.advance(60_000);
      await review(app, token, assignmentIds[2]!);
      await served(app, token, etags, [SECOND], warm);
    } finally {
      await warm.close();
    }
  });

  it('reads a page again when a row in its range was written, or a row inserted beyond the last page', async () => {
    const app = t();
    const { token, userId, assignmentIds } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    app.clock.advance(60_000);
    // Its first review: the assignment (first page) written, and its statistic inserted after the others.
    await review(app, token, assignmentIds[2]!);
    await served(app, token, etags, [SECOND, MATERIALS]);
  });

  it('reads a page again when a row in its range was deleted, though a row inserted elsewhere leaves the count as it was', async () => {
    const app = t();
    const { token, userId } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    await reassigned(app, userId, 10);
    // The first page lost a row and gained the second's first; the second lost it and gained the new row.
    await served(app, token, etags, [STATISTICS, MATERIALS]);
  });

  it('serves a page left alone by a delete and an insert elsewhere, and reads those whose rows or count moved', async () => {
    const app = t();
    const { token, userId } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    await reassigned(app, userId, 600);
    // The first page's rows, count and next page are as they were; the second's rows are not.
    await served(app, token, etags, [FIRST, STATISTICS, MATERIALS]);
    // A delete alone: every page of the collection counts one row fewer.
    const etagsAfter = await storedAndMarked(app, userId, token);
    const deleted = await assignmentOf(app, userId, 600);
    await outside(app, userId, () => app.deps.db.kysely.deleteFrom('assignments').where('id', '=', deleted.id).execute());
    await served(app, token, etagsAfter, [STATISTICS, MATERIALS]);
  });

  it('reads a page again when a row was inserted beyond it: the count moved, and the last page gained it', async () => {
    const app = t();
    const { token, userId } = await learner(app);
    const etags = await storedAndMarked(app, userId, token);
    const { id: _id, ...columns } = await assignmentOf(app, userId, 600);
    await outside(app, userId, (stamp) =>
      app.deps.db.kysely
        .insertInto('assignments')
        .values({ ...columns, subject_id: 621, subject_level: 2, updated_at: stamp })
        .execute(),
    );
    await served(app, token, etags, [STATISTICS, MATERIALS]);
  });
});
