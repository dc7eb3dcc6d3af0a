import { expect, it } from 'vitest';
import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import { DAY_MS } from '../../src/shared/time.js';
import { describeEachEngine, INTERNAL_SECRET, T0 } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects } from '../support/factories.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SESSION_TTL_MS = 30 * DAY_MS;

function expectUnauthorized(res: { statusCode: number; json(): unknown; headers: Record<string, unknown> }): void {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual(UNAUTHORIZED);
  expect(res.headers['compat-revision']).toBe('20170710');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
}

describeEachEngine('Authentication', (t) => {
  it('accepts Authorization: Bearer and mints UUID-shaped (v4) tokens', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps);
    expect(alice.token).toMatch(UUID_V4);
    const res = await get('/api/v1/user', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.username).toBe('alice');
    // The scheme is case-insensitive.
    expect((await get('/api/v1/user', undefined, { authorization: `bearer ${alice.token}` })).statusCode).toBe(200);
  });

  it('accepts the legacy Authorization: Token token=<t> form, quoted or not (see docs/decisions.md, Credential forms)', async () => {
    const { deps, request } = t();
    const alice = await createLearner(deps);
    for (const authorization of [`Token token=${alice.token}`, `Token token="${alice.token}"`, `token token=${alice.token}`]) {
      const res = await request({ method: 'GET', url: '/api/v1/user', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(200);
      expect(res.json().data.id).toBe(alice.uuid);
    }
  });

  it('answers 401 (never 403) with the exact body for a missing, unknown or malformed credential', async () => {
    const { deps, get, request } = t();
    await createLearner(deps);
    expectUnauthorized(await get('/api/v1/user'));
    expectUnauthorized(await get('/api/v1/user', '00000000-0000-4000-8000-000000000000'));
    for (const authorization of ['Bearer', 'Basic YWxpY2U6c2VjcmV0', 'Token', 'Bearer a b', '']) {
      expectUnauthorized(await request({ method: 'GET', url: '/api/v1/subjects', headers: { authorization } }));
    }
  });

  it('rejects a revoked token from the next request on', async () => {
    const { deps, get } = t();
    await createLearner(deps);
    const minted = await mintApiToken(deps, 'alice', { label: 'phone' });
    if (!minted.ok) throw new Error('mint failed');
    expect((await get('/api/v1/user', minted.value.token)).statusCode).toBe(200);
    expect(await revokeToken(deps, minted.value.id)).toEqual({ ok: true, value: 'revoked' });
    expectUnauthorized(await get('/api/v1/user', minted.value.token));
  });

  it('rejects a token once its expiry has passed; tokens without one never expire', async () => {
    const { deps, get, clock } = t();
    const alice = await createLearner(deps);
    const minted = await mintApiToken(deps, 'alice', { expiresAt: T0 + 60_000 });
    if (!minted.ok) throw new Error('mint failed');
    expect((await get('/api/v1/user', minted.value.token)).statusCode).toBe(200);
    clock.advance(59_999);
    expect((await get('/api/v1/user', minted.value.token)).statusCode).toBe(200);
    clock.advance(1);
    expectUnauthorized(await get('/api/v1/user', minted.value.token));
    clock.advance(3650 * DAY_MS);
    expect((await get('/api/v1/user', alice.token)).statusCode).toBe(200);
  });

  it('authenticates with the svc_session cookie; the header wins over the cookie', async () => {
    const { deps, get, post } = t();
    const bob = await createLearner(deps, 'bob');
    const minted = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'carol' });
    expect(minted.statusCode).toBe(201);
    const session = minted.json().data.token as string;

    const byCookie = await get('/api/v1/user', undefined, { cookie: `svc_session=${session}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data.username).toBe('carol');
    const amongOthers = await get('/api/v1/user', undefined, { cookie: `theme=dark; svc_session=${session}; _ga=GA1.2.3` });
    expect(amongOthers.json().data.username).toBe('carol');

    // A good header and another user's cookie: the header decides who is calling.
    const both = await get('/api/v1/user', bob.token, { cookie: `svc_session=${session}` });
    expect(both.json().data.username).toBe('bob');

    // A bad header is not rescued by a good cookie.
    expectUnauthorized(await get('/api/v1/user', 'not-a-token', { cookie: `svc_session=${session}` }));
    expectUnauthorized(await get('/api/v1/user', undefined, { authorization: 'Basic Ym9iOmJvYg==', cookie: `svc_session=${session}` }));

    // An unknown or empty cookie is no credential.
    expectUnauthorized(await get('/api/v1/user', undefined, { cookie: 'svc_session=forged' }));
    expectUnauthorized(await get('/api/v1/user', undefined, { cookie: 'svc_session=' }));
  });

  it('accepts a session token as a bearer, and an API token is not a session cookie', async () => {
    const { deps, get, post } = t();
    const alice = await createLearner(deps);
    const session = (await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const res = await get('/api/v1/user', session);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(alice.uuid);
    expectUnauthorized(await get('/api/v1/user', undefined, { cookie: `svc_session=${alice.token}` }));
  });

  it('lets a session expire after its lifetime', async () => {
    const { get, post, clock } = t();
    const session = (await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'dora' })).json().data.token as string;
    clock.advance(SESSION_TTL_MS - 1);
    expect((await get('/api/v1/user', session)).statusCode).toBe(200);
    clock.advance(1);
    expectUnauthorized(await get('/api/v1/user', session));
    expectUnauthorized(await get('/api/v1/user', undefined, { cookie: `svc_session=${session}` }));
  });

  it('leaves the public routes open', async () => {
    const { get } = t();
    const about = await get('/api/v1/about');
    expect(about.statusCode).toBe(200);
    expect(about.json()).toMatchObject({ object: 'report', data: { compat_revision: '20170710' } });
  });
});

describeEachEngine('POST /internal/sessions', (t) => {
  const curriculum = [
    radical(1, 1, { slug: 'ground' }),
    radical(2, 1, { slug: 'mouth' }),
    kanji(3, 1, [1]),
    kanaVocabulary(4, 1),
    radical(5, 1, { slug: 'withdrawn', hidden: true }),
    radical(6, 2, { slug: 'later' }),
  ];

  it('mints a session: 201, the body, and exactly the host-only cookie', async () => {
    const { post } = t();
    const res = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'erin', email: 'erin@example.com' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['object', 'data']);
    expect(body.object).toBe('session');
    expect(Object.keys(body.data).sort()).toEqual(['expires_at', 'token', 'user_id']);
    expect(body.data.user_id).toMatch(UUID);
    expect(body.data.expires_at).toBe(new Date(T0 + SESSION_TTL_MS).toISOString());
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(res.headers['set-cookie']).toBe(`svc_session=${body.data.token}; HttpOnly; Secure; SameSite=Lax; Path=/`);
    expect(res.headers['compat-revision']).toBe('20170710');
  });

  it('creates a new portal user in the new-account state (see docs/decisions.md, New account)', async () => {
    const { deps, get, post } = t();
    await seedSubjects(deps, curriculum);
    const res = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'frank', email: 'frank@example.com' });
    expect(res.statusCode).toBe(201);
    const { token, user_id } = res.json().data;

    const user = (await get('/api/v1/user', token)).json().data;
    expect(user).toMatchObject({ id: user_id, username: 'frank', level: 1, started_at: new Date(T0).toISOString(), timezone: null });

    const progressions = (await get('/api/v1/level_progressions', token)).json();
    expect(progressions.total_count).toBe(1);
    expect(progressions.data[0].data).toMatchObject({
      level: 1,
      unlocked_at: new Date(T0).toISOString(),
      started_at: null,
      passed_at: null,
    });

    const stored = await deps.db.kysely
      .selectFrom('users')
      .select(['id', 'email', 'uuid'])
      .where('username', '=', 'frank')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ email: 'frank@example.com', uuid: user_id });
    const assignments = await deps.db.kysely
      .selectFrom('assignments')
      .select(['subject_id', 'srs_stage', 'unlocked_at', 'started_at'])
      .where('user_id', '=', stored.id)
      .orderBy('subject_id')
      .execute();
    // Component-less, non-hidden level-1 subjects only: not the kanji (it has a component), not the hidden radical, not level 2.
    expect(assignments).toEqual([1, 2, 4].map((subject_id) => ({ subject_id, srs_stage: 0, unlocked_at: T0, started_at: null })));
  });

  it('reuses an existing user instead of creating another', async () => {
    const { deps, get, post } = t();
    const alice = await createLearner(deps);
    const first = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' });
    const second = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice', email: 'alice@example.com' });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(first.json().data.user_id).toBe(alice.uuid);
    expect(second.json().data.user_id).toBe(alice.uuid);
    expect(first.json().data.token).not.toBe(second.json().data.token);
    const users = await deps.db.kysely.selectFrom('users').select('username').execute();
    expect(users).toEqual([{ username: 'alice' }]);
    expect((await get('/api/v1/level_progressions', first.json().data.token)).json().total_count).toBe(1);
  });

  it('refuses every credential except the shared secret', async () => {
    const { deps, request, post } = t();
    const alice = await createLearner(deps);
    const session = (await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const body = { username: 'mallory' };
    expectUnauthorized(await post('/api/v1/internal/sessions', undefined, body));
    expectUnauthorized(await post('/api/v1/internal/sessions', alice.token, body));
    expectUnauthorized(await post('/api/v1/internal/sessions', session, body));
    expectUnauthorized(await post('/api/v1/internal/sessions', `${INTERNAL_SECRET}x`, body));
    expectUnauthorized(
      await request({ method: 'POST', url: '/api/v1/internal/sessions', payload: body, headers: { cookie: `svc_session=${session}` } }),
    );
    expectUnauthorized(
      await request({
        method: 'POST',
        url: '/api/v1/internal/sessions',
        payload: body,
        headers: { authorization: `Token token=${alice.token}` },
      }),
    );
    expectUnauthorized(
      await request({ method: 'DELETE', url: '/api/v1/internal/sessions', payload: { token: session }, token: alice.token }),
    );
    const users = await deps.db.kysely.selectFrom('users').select('username').execute();
    expect(users).toEqual([{ username: 'alice' }]);
  });

  it('rejects bad bodies with 422 {error, code}', async () => {
    const { post, request, deps } = t();
    const cases: [unknown, string | RegExp][] = [
      [{}, 'username is required.'],
      [{ username: '' }, /username/],
      [
        { username: 'has space' },
        'username must be 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
      ],
      [{ username: 'x'.repeat(65) }, /username/],
      [{ username: 42 }, /username/],
      [{ username: 'gina', email: 'not-an-address' }, 'email is not a valid address.'],
      [[], /body/i],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/v1/internal/sessions', INTERNAL_SECRET, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const json = res.json();
      expect(Object.keys(json).sort()).toEqual(['code', 'error']);
      expect(json.code).toBe(422);
      expect(json.error).toMatch(message);
    }
    const malformed = await request({
      method: 'POST',
      url: '/api/v1/internal/sessions',
      token: INTERNAL_SECRET,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.', code: 422 });
    expect(await deps.db.kysely.selectFrom('users').select('id').execute()).toEqual([]);
  });

  it('revokes a session: revoked 1, then 0, and the session answers 401 from then on', async () => {
    const { get, post, delete: del } = t();
    const session = (await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'hana' })).json().data.token as string;
    expect((await get('/api/v1/user', session)).statusCode).toBe(200);

    const first = await del('/api/v1/internal/sessions', INTERNAL_SECRET, { token: session });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ object: 'session', data: { revoked: 1 } });
    const again = await del('/api/v1/internal/sessions', INTERNAL_SECRET, { token: session });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ object: 'session', data: { revoked: 0 } });
    expect((await del('/api/v1/internal/sessions', INTERNAL_SECRET, { token: 'never-issued' })).json()).toEqual({
      object: 'session',
      data: { revoked: 0 },
    });

    expectUnauthorized(await get('/api/v1/user', session));
    expectUnauthorized(await get('/api/v1/user', undefined, { cookie: `svc_session=${session}` }));
  });

  it('revokes only sessions, never API tokens, and rejects a bad revoke body', async () => {
    const { deps, get, delete: del } = t();
    const alice = await createLearner(deps);
    expect((await del('/api/v1/internal/sessions', INTERNAL_SECRET, { token: alice.token })).json().data.revoked).toBe(0);
    expect((await get('/api/v1/user', alice.token)).statusCode).toBe(200);
    for (const body of [{}, { token: '' }, { token: 7 }]) {
      const res = await del('/api/v1/internal/sessions', INTERNAL_SECRET, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe(422);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await del('/api/v1/internal/sessions', INTERNAL_SECRET, {})).json()).toEqual({ error: 'token is required.', code: 422 });
  });
});

describeEachEngine(
  'POST /internal/sessions with SESSION_COOKIE_DOMAIN',
  (t) => {
    it('scopes the cookie to the parent domain', async () => {
      const { post } = t();
      const res = await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'ivan' });
      expect(res.statusCode).toBe(201);
      expect(res.headers['set-cookie']).toBe(
        `svc_session=${res.json().data.token}; HttpOnly; Secure; SameSite=Lax; Path=/; Domain=study.test`,
      );
    });
  },
  { SESSION_COOKIE_DOMAIN: 'study.test' },
);

describeEachEngine(
  'Internal endpoints without INTERNAL_SECRET',
  (t) => {
    it('answers 401 to every caller, even one presenting the usual secret or an empty bearer', async () => {
      const { deps, post, delete: del, request } = t();
      const alice = await createLearner(deps);
      expectUnauthorized(await post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'jack' }));
      expectUnauthorized(await post('/api/v1/internal/sessions', alice.token, { username: 'jack' }));
      expectUnauthorized(
        await request({
          method: 'POST',
          url: '/api/v1/internal/sessions',
          payload: { username: 'jack' },
          headers: { authorization: 'Bearer ' },
        }),
      );
      expectUnauthorized(await del('/api/v1/internal/sessions', INTERNAL_SECRET, { token: 'x' }));
      expect(await deps.db.kysely.selectFrom('users').select('username').execute()).toEqual([{ username: 'alice' }]);
    });
  },
  { INTERNAL_SECRET: '' },
);
