import { expect, it } from 'vitest';
import { describeEachEngine, INTERNAL_SECRET } from '../support/app.js';
import { refusedCredentials, UNKNOWN_TOKEN } from '../support/credentials.js';
import { expectError } from '../support/errors.js';
import { createLearner } from '../support/factories.js';
import { recordPgQueries } from '../support/pg-queries.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };

describeEachEngine('GET /dashboard: the credential and the user', (t) => {
  it('answers 401 to a missing, unknown, malformed, revoked, expired or disabled credential', async () => {
    const app = t();
    await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    for (const headers of await refusedCredentials(app, 'alice', bob)) {
      expectError(await app.get('/api/v1/dashboard', undefined, headers), 401, UNAUTHORIZED);
    }
  });

  it('answers the learner the credential names (API token, session bearer, session cookie; the header wins)', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    await createLearner(app.deps, 'bob');
    const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'bob' })).json().data.token as string;
    const usernameWith = async (token: string | undefined, headers: Record<string, string> = {}) => {
      const res = await app.get('/api/v1/dashboard', token, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.username as string;
    };
    expect(await usernameWith(alice.token)).toBe('alice');
    expect(await usernameWith(alice.token.toUpperCase())).toBe('alice');
    expect(await usernameWith(session)).toBe('bob');
    expect(await usernameWith(undefined, { cookie: `svc_session=${session}` })).toBe('bob');
    expect(await usernameWith(alice.token, { cookie: `svc_session=${session}` })).toBe('alice');
    expectError(await app.get('/api/v1/dashboard', 'not-a-token', { cookie: `svc_session=${session}` }), 401, UNAUTHORIZED);
  });

  it('on PostgreSQL, reads the user with the credential check: one query for a bad credential, none by id for a good one', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const alice = await createLearner(app.deps, 'alice');
    const { sent, restore } = recordPgQueries();
    try {
      expectError(await app.get('/api/v1/dashboard', UNKNOWN_TOKEN), 401, UNAUTHORIZED);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatch(/^select "users"\.\*, \(select "version" from "content_version"/);
      sent.length = 0;
      expect((await app.get('/api/v1/dashboard', alice.token)).statusCode).toBe(200);
      expect(sent[0]).toMatch(/^select "users"\.\*, \(select "version" from "content_version"/);
      expect(sent.filter((text) => text.startsWith('select * from "users"'))).toEqual([]);
    } finally {
      restore();
    }
  });
});
