import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import { describeEachEngine, INTERNAL_SECRET, type TestApp } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { createLearner, seedSubjects } from '../support/factories.js';
import { serverKeepingNothing, twoPageCurriculum } from '../support/learner-pages.js';
import { recordPgQueriesWhenIdle } from '../support/pg-queries.js';
import { start } from '../support/study.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };
const FIRST = '/api/v1/assignments';
const SECOND = '/api/v1/assignments?page_after_id=500';

/**
 * A learner's collection pages after a write: on PostgreSQL the page statement checks the credential
 * itself for a credential whose last page was built afresh (collection-routes.ts, pageCheckingCredential).
 */
describeEachEngine(
  'Collection pages: the credential in the page statement',
  (t) => {
    let reference: FastifyInstance;

    beforeAll(async () => {
      const { deps } = t();
      // Storing nothing either: its stores after a response would be counted among the next page's statements.
      reference = await serverKeepingNothing(deps, { STORED_PAGES_MB: '0' });
    });
    afterAll(async () => {
      await reference.close();
    });

    let nextLesson = 600;

    /**
     * Both pages written once, then a lesson started on the second page and the first page built
     * afresh: the second, which the write changed (so its statement reads it), is the one the
     * statement checks.
     */
    async function syncAfterWrite(app: TestApp, headers: Record<string, string>, lessonToken: string): Promise<void> {
      for (const address of [FIRST, SECOND]) expect((await app.get(address, undefined, headers)).statusCode).toBe(200);
      const second = (await app.get(SECOND, lessonToken)).json().data as { id: number; data: { started_at: string | null } }[];
      await start(app, lessonToken, second.find((a) => a.data.started_at === null)!.id);
      expect((await app.get(FIRST, undefined, headers)).statusCode).toBe(200);
    }

    /** GET `address`: the statements it sent on PostgreSQL (null on SQLite) and its ETag; its bytes and validators are the reference's. */
    async function getAsReference(
      app: TestApp,
      address: string,
      headers: Record<string, string>,
    ): Promise<{ sent: string[] | null; etag: string }> {
      const sent = app.engine === 'postgres' ? await recordPgQueriesWhenIdle(app.deps.db) : null;
      let res;
      try {
        res = await app.get(address, undefined, headers);
      } finally {
        sent?.restore();
      }
      const expected = await reference.inject({ method: 'GET', url: address, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(expected.body);
      expect(res.headers.etag).toBe(expected.headers.etag);
      expect(res.headers['last-modified']).toBe(expected.headers['last-modified']);
      return { sent: sent?.sent ?? null, etag: res.headers.etag as string };
    }

    it('answers 401 to a token served pages before it was revoked, expired or its account disabled, in one statement on PostgreSQL', async () => {
      const app = t();
      await seedSubjects(app.deps, twoPageCurriculum());
      const alice = await createLearner(app.deps, 'alice');
      const bob = await createLearner(app.deps, 'bob');
      const revoked = await mintApiToken(app.deps, 'alice');
      const expiring = await mintApiToken(app.deps, 'alice', { expiresAt: app.clock.now() + 60_000 });
      if (!revoked.ok || !expiring.ok) throw new Error('mint failed');
      const refusals: [string, string, () => Promise<void>][] = [
        [revoked.value.token, alice.token, async () => void (await revokeToken(app.deps, revoked.value.id))],
        [expiring.value.token, alice.token, async () => app.clock.advance(60_000)],
        [
          bob.token,
          bob.token,
          async () =>
            void (await app.deps.db.kysely
              .updateTable('users')
              .set({ disabled_at: app.clock.now() })
              .where('id', '=', bob.userId)
              .execute()),
        ],
      ];
      for (const [token, writer, refuse] of refusals) {
        const headers = { authorization: `Bearer ${token}` };
        await syncAfterWrite(app, headers, writer);
        await refuse();
        const sent = app.engine === 'postgres' ? await recordPgQueriesWhenIdle(app.deps.db) : null;
        try {
          expectError(await app.get(SECOND, undefined, headers), 401, UNAUTHORIZED);
          // The page statement alone: the hook's check would be two (the API token's, then a session's).
          if (sent !== null) expect(sent.sent).toHaveLength(1);
        } finally {
          sent?.restore();
        }
        expectError(await app.get(SECOND, undefined, { ...headers, 'if-none-match': '*' }), 401, UNAUTHORIZED);
      }
    });

    it('reads a page after a write in one statement on PostgreSQL, for an API token and a session cookie, as a server keeping nothing', async () => {
      const app = t();
      await seedSubjects(app.deps, twoPageCurriculum());
      const alice = await createLearner(app.deps, 'alice');
      const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
      for (const headers of [{ authorization: `Bearer ${alice.token}` }, { cookie: `svc_session=${session}` }]) {
        await syncAfterWrite(app, headers, alice.token);
        const { sent, etag } = await getAsReference(app, SECOND, headers);
        if (sent !== null) expect(sent).toHaveLength(1);
        // Kept now: the credential's own read and the memo, 304 to its validator.
        const again = await app.get(SECOND, undefined, { ...headers, 'if-none-match': etag });
        expect(again.statusCode).toBe(304);
      }
    });

    it('reads the first pages after a write through this server in one statement each on PostgreSQL, as a server keeping nothing', async () => {
      const app = t();
      await seedSubjects(app.deps, twoPageCurriculum());
      const alice = await createLearner(app.deps, 'alice');
      const headers = { authorization: `Bearer ${alice.token}` };
      for (const address of [FIRST, SECOND]) expect((await app.get(address, undefined, headers)).statusCode).toBe(200);
      nextLesson += 1;
      const lesson = (await app.get(`/api/v1/assignments?subject_ids=${nextLesson}`, alice.token)).json().data[0].id as number;
      await start(app, alice.token, lesson);
      // The first page is kept under the state before the write, which the write left behind: the
      // page statement checks the credential (not the credential's read, then the statement).
      for (const address of [FIRST, SECOND]) {
        const { sent } = await getAsReference(app, address, headers);
        if (sent !== null) expect(sent).toHaveLength(1);
      }
    });

    // A full sync after a write through this server: the first page's statement, which checks the
    // credential, reads which of the learner's rows changed since, and a later page the write left
    // alone is answered as the memo keeps it, with no page statement (collection-routes.ts,
    // pageLeftAlone; docs/decisions.md, "A sync's pages a write left alone, unread (PostgreSQL)").

    /** A learner of `twoPageCurriculum` who synced both pages (built afresh, so their credential is expected). */
    async function syncedLearner(app: TestApp) {
      await seedSubjects(app.deps, twoPageCurriculum());
      const learner = await createLearner(app.deps, 'alice');
      const headers = { authorization: `Bearer ${learner.token}` };
      for (const address of [FIRST, SECOND]) expect((await app.get(address, undefined, headers)).statusCode).toBe(200);
      const assignmentOf = async (subjectId: number) =>
        (await app.get(`/api/v1/assignments?subject_ids=${subjectId}`, learner.token)).json().data[0].id as number;
      return { ...learner, headers, assignmentOf };
    }

    /** Whether a statement reads the learner's assignments (a page statement, not the credential's read). */
    const readsAssignments = (statement: string) => /\bassignments\b/.test(statement);

    /**
     * After writes outside the use cases to the second page, a write through this server to the
     * first (whose page statement reads the changes): the second page is read, as a server keeping
     * nothing reads it.
     */
    async function secondPageReadAfterWriteToFirst(app: TestApp, alice: Awaited<ReturnType<typeof syncedLearner>>): Promise<void> {
      await start(app, alice.token, await alice.assignmentOf(1));
      await getAsReference(app, FIRST, alice.headers);
      const { sent } = await getAsReference(app, SECOND, alice.headers);
      if (sent !== null) expect(sent.filter(readsAssignments)).toHaveLength(1);
    }

    it('answers a page the write left alone with the credential read only on PostgreSQL, and the page it changed anew', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      await start(app, alice.token, await alice.assignmentOf(1));
      await getAsReference(app, FIRST, alice.headers);
      const { sent: second } = await getAsReference(app, SECOND, alice.headers);
      if (second !== null) {
        expect(second).toHaveLength(1);
        expect(second.filter(readsAssignments)).toEqual([]);
      }
      // A write to the second page: that page is read.
      await start(app, alice.token, await alice.assignmentOf(550));
      await getAsReference(app, FIRST, alice.headers);
      const { sent: changed, etag } = await getAsReference(app, SECOND, alice.headers);
      if (changed !== null) expect(changed.filter(readsAssignments)).toHaveLength(1);
      // Kept now: 304 to its validator.
      expect((await app.get(SECOND, undefined, { ...alice.headers, 'if-none-match': etag })).statusCode).toBe(304);
    });

    it('reads a page again when a row was deleted from it outside the use cases', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      await app.deps.db.kysely
        .deleteFrom('assignments')
        .where('id', '=', await alice.assignmentOf(600))
        .execute();
      await moveLearnerStamps(app.deps.db, [alice.userId]);
      await secondPageReadAfterWriteToFirst(app, alice);
    });

    it('reads a page again when a row was deleted from it and another inserted outside the use cases, the count unchanged', async () => {
      const app = t();
      const alice = await syncedLearner(app);
      const db = app.deps.db.kysely;
      // Outside the use cases: the second page's row of subject 600 deleted and the subject's
      // assignment inserted again (a new id), at a new version; the stamp moved as such writes must.
      const gone = await db
        .selectFrom('assignments')
        .selectAll()
        .where('id', '=', await alice.assignmentOf(600))
        .executeTakeFirstOrThrow();
      const { change_stamp: stamp } = await db
        .selectFrom('users')
        .select('change_stamp')
        .where('id', '=', alice.userId)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('assignments').where('id', '=', gone.id).execute();
      const { id: _id, ...columns } = gone;
      await db
        .insertInto('assignments')
        .values({ ...columns, updated_at: Number(stamp) + 1 })
        .execute();
      await moveLearnerStamps(app.deps.db, [alice.userId]);
      await secondPageReadAfterWriteToFirst(app, alice);
    });
    // Stored pages off: their writes after a response would be counted among a page's statements.
  },
  { STORED_PAGES_MB: '0' },
);
