import { expect, it } from 'vitest';
import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import { describeEachEngine, INTERNAL_SECRET } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { createLearner } from '../support/factories.js';
import { recordPgQueries } from '../support/pg-queries.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };
const UNKNOWN_TOKEN = '00000000-0000-4000-8000-000000000000';

describeEachEngine('GET /dashboard: the credential and the user', (t) => {
  it('answers 401 to a missing, unknown, malformed, revoked, expired or disabled credential', async () => {
    const app = t();
    await createLearner(app.deps, 'alice');
    const revoked = await mintApiToken(app.deps, 'alice');
    const expiring = await mintApiToken(app.deps, 'alice', { expiresAt: app.clock.now() + 1000 });
    if (!revoked.ok || !expiring.ok) throw new Error('mint failed');
    await revokeToken(app.deps, revoked.value.id);
    const bob = await createLearner(app.deps, 'bob');
    await app.deps.db.kysely.updateTable('users').set({ disabled_at: app.clock.now() }).where('username', '=', 'bob').execute();
    app.clock.advance(1000);
    for (const headers of [
      {},
      { authorization: `Bearer ${UNKNOWN_TOKEN}` },
      { authorization: 'Bearer not-a-token' },
      { authorization: 'Basic YWxpY2U6c2VjcmV0' },
      { authorization: `Bearer ${revoked.value.token}` },
      { authorization: `Bearer ${expiring.value.token}` },
      { authorization: `Bearer ${bob.token}` },
      { cookie: 'svc_session=forged' },
    ]) {
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
