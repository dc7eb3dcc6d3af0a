import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import { describeEachEngine, INTERNAL_SECRET, type TestApp } from '../support/app.js';
import { expectError } from '../support/errors.js';
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

    /** Both pages written once, then a lesson started (on the second page) and the first page built afresh: the second is the one the statement checks. */
    async function syncAfterWrite(app: TestApp, headers: Record<string, string>, lessonToken: string): Promise<void> {
      for (const address of [FIRST, SECOND]) expect((await app.get(address, undefined, headers)).statusCode).toBe(200);
      nextLesson += 1;
      const lesson = (await app.get(`/api/v1/assignments?subject_ids=${nextLesson}`, lessonToken)).json().data[0].id as number;
      await start(app, lessonToken, lesson);
      expect((await app.get(FIRST, undefined, headers)).statusCode).toBe(200);
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
        const sent = app.engine === 'postgres' ? await recordPgQueriesWhenIdle(app.deps.db) : null;
        let res;
        try {
          res = await app.get(SECOND, undefined, headers);
          if (sent !== null) expect(sent.sent).toHaveLength(1);
        } finally {
          sent?.restore();
        }
        const expected = await reference.inject({ method: 'GET', url: SECOND, headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(expected.body);
        expect(res.headers.etag).toBe(expected.headers.etag);
        expect(res.headers['last-modified']).toBe(expected.headers['last-modified']);
        // Kept now: the credential's own read and the memo, 304 to its validator.
        const again = await app.get(SECOND, undefined, { ...headers, 'if-none-match': res.headers.etag as string });
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
        const sent = app.engine === 'postgres' ? await recordPgQueriesWhenIdle(app.deps.db) : null;
        let res;
        try {
          res = await app.get(address, undefined, headers);
          if (sent !== null) expect(sent.sent).toHaveLength(1);
        } finally {
          sent?.restore();
        }
        const expected = await reference.inject({ method: 'GET', url: address, headers });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(expected.body);
        expect(res.headers.etag).toBe(expected.headers.etag);
        expect(res.headers['last-modified']).toBe(expected.headers['last-modified']);
      }
    });
    // Stored pages off: their writes after a response would be counted among a page's statements.
  },
  { STORED_PAGES_MB: '0' },
);
