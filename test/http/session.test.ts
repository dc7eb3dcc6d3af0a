import { expect, it } from 'vitest';
import { mintLoginLink } from '../../src/services/sign-in.js';
import { MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects } from '../support/factories.js';
import { learnerStarting } from '../support/study.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };
const APP_ORIGIN = 'http://study.test';
const SAME = { origin: APP_ORIGIN };

function cookieOf(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie']);
  const match = /svc_session=([^;]*)/.exec(header);
  if (!match?.[1]) throw new Error(`no session cookie in ${header}`);
  return match[1];
}

async function linkToken(t: TestApp, username = 'alice'): Promise<string> {
  const minted = await mintLoginLink(t.deps, username);
  if (!minted.ok) throw new Error('mint failed');
  return minted.value.token;
}

async function signInWithToken(t: TestApp, token: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/v1/session', payload: { token }, headers: SAME });
  expect(res.statusCode).toBe(201);
  return cookieOf(res);
}

describeEachEngine('Web sign-in: login links, token exchange, sign-out', (t) => {
  it('a login link sets an HttpOnly, SameSite=Lax session cookie and redirects to the app, once', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const token = await linkToken(app);
    const res = await app.get(`/api/v1/session/link?token=${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('http://study.test/');
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^svc_session=[A-Za-z0-9_-]{43}; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/);
    const user = await app.get('/api/v1/user', undefined, { cookie: `svc_session=${cookieOf(res)}` });
    expect(user.statusCode).toBe(200);
    expect(user.json().data.id).toBe(alice.uuid);

    // Single use: the second click is sent to the sign-in page and sets nothing.
    const again = await app.get(`/api/v1/session/link?token=${token}`);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('http://study.test/sign-in?link=invalid');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('stores only the hash of a link, which expires after 15 minutes', async () => {
    const app = t();
    await createLearner(app.deps);
    const token = await linkToken(app);
    const rows = await app.deps.db.kysely.selectFrom('login_links').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);

    app.clock.advance(15 * MINUTE_MS);
    const res = await app.get(`/api/v1/session/link?token=${token}`);
    expect(res.headers.location).toBe('http://study.test/sign-in?link=invalid');
    expect(res.headers['set-cookie']).toBeUndefined();
    for (const bad of ['', 'forged']) {
      expect((await app.get(`/api/v1/session/link?token=${bad}`)).headers.location).toBe('http://study.test/sign-in?link=invalid');
    }
    expect((await app.get('/api/v1/session/link')).headers.location).toBe('http://study.test/sign-in?link=invalid');
  });

  it('a link just inside 15 minutes still works', async () => {
    const app = t();
    await createLearner(app.deps);
    const token = await linkToken(app);
    app.clock.advance(15 * MINUTE_MS - 1);
    expect((await app.get(`/api/v1/session/link?token=${token}`)).headers.location).toBe('http://study.test/');
  });

  it('exchanges a pasted API token for the cookie; the answer carries no token', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const res = await app.request({
      method: 'POST',
      url: '/api/v1/session',
      payload: { token: ` ${alice.token.toUpperCase()} ` },
      headers: SAME,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      object: 'session',
      url: 'http://study.test/api/v1/session',
      data_updated_at: '2026-11-21T10:30:00.000Z',
      data: { user_id: alice.uuid, expires_at: '2026-12-21T10:30:00.000Z' },
    });
    const session = cookieOf(res);
    expect(JSON.stringify(body)).not.toContain(session);
    expect((await app.get('/api/v1/user', undefined, { cookie: `svc_session=${session}` })).json().data.username).toBe('alice');
  });

  it('refuses a wrong token (401) and an exchange posted by another site', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const wrong = await app.request({ method: 'POST', url: '/api/v1/session', payload: { token: 'not-a-token' }, headers: SAME });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(UNAUTHORIZED);
    const forged = await app.request({
      method: 'POST',
      url: '/api/v1/session',
      payload: { token: alice.token },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();
    expect(await app.deps.db.kysely.selectFrom('sessions').selectAll().execute()).toHaveLength(0);
    const missing = await app.request({ method: 'POST', url: '/api/v1/session', payload: {}, headers: SAME });
    expect(missing.statusCode).toBe(422);
  });

  it('sign-out revokes the session and clears the cookie', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const session = await signInWithToken(app, alice.token);
    const res = await app.request({ method: 'DELETE', url: '/api/v1/session', headers: { ...SAME, cookie: `svc_session=${session}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ revoked: 1 });
    expect(String(res.headers['set-cookie'])).toMatch(
      /^svc_session=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/,
    );
    const after = await app.get('/api/v1/user', undefined, { cookie: `svc_session=${session}` });
    expect(after.statusCode).toBe(401);
    // The API token itself is untouched by signing a browser out.
    expect((await app.get('/api/v1/user', alice.token)).statusCode).toBe(200);
  });

  it('cookie-authenticated writes count only from the app’s own pages; nothing changes otherwise', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(2, 1, [1])]);
    const alice = await createLearner(app.deps);
    const session = await signInWithToken(app, alice.token);
    const cookie = `svc_session=${session}`;
    const assignment = (await app.get('/api/v1/assignments?subject_ids=1', alice.token)).json().data[0];
    const start = (headers: Record<string, string>) =>
      app.request({ method: 'PUT', url: `/api/v1/assignments/${assignment.id}/start`, headers: { cookie, ...headers } });

    for (const headers of [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://study.test.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await start(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    const unchanged = (await app.get(`/api/v1/assignments/${assignment.id}`, alice.token)).json().data;
    expect(unchanged.started_at).toBeNull();
    // Reads with the cookie need no Origin (links and reloads send none).
    expect((await app.get('/api/v1/user', undefined, { cookie })).statusCode).toBe(200);
    // A bearer is never forged by a page of another site: its writes need no Origin.
    expect(
      (
        await app.request({
          method: 'PUT',
          url: '/api/v1/user',
          payload: {},
          headers: { authorization: `Bearer ${alice.token}`, origin: 'https://evil.example' },
        })
      ).statusCode,
    ).toBe(200);

    expect((await start({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('accepts the app’s own origin, and the very host the request was sent to', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(3, 1)]);
    const alice = await createLearner(app.deps);
    const cookie = `svc_session=${await signInWithToken(app, alice.token)}`;
    const ids = (await app.get('/api/v1/assignments', alice.token)).json().data.map((a: { id: number }) => a.id);
    const a = await app.request({ method: 'PUT', url: `/api/v1/assignments/${ids[0]}/start`, headers: { cookie, origin: APP_ORIGIN } });
    expect(a.statusCode).toBe(200);
    const b = await app.request({
      method: 'PUT',
      url: `/api/v1/assignments/${ids[1]}/start`,
      headers: { cookie, origin: 'http://localhost:3000', host: 'localhost:3000' },
    });
    expect(b.statusCode).toBe(200);
  });
});

describeEachEngine(
  'Web sign-in over https',
  (t) => {
    const APP = 'https://study.example.org';

    it('marks the cookie Secure and scopes it to SESSION_COOKIE_DOMAIN', async () => {
      const app = t();
      const alice = await createLearner(app.deps);
      const res = await app.request({
        method: 'POST',
        url: '/api/v1/session',
        payload: { token: alice.token },
        headers: { origin: APP },
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers['set-cookie'])).toMatch(/; Domain=example\.org; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/);
    });

    it('refuses a bodiless POST /advance that a sibling subdomain sends with the parent-domain cookie; the app’s own page opens the tranche', async () => {
      const app = t();
      // Level 1: r1, r2, k3 [r1]; starting both radicals puts k3 in the tranche.
      const token = await learnerStarting(app, [radical(1, 1), radical(2, 1), kanji(3, 1, [1])], [1, 2]);
      const login = await app.request({ method: 'POST', url: '/api/v1/session', payload: { token }, headers: { origin: APP } });
      const cookie = `svc_session=${cookieOf(login)}`;
      const unlocked = async () => (await app.get('/api/v1/assignments?unlocked=true', token)).json().total_count as number;
      // No body and no content type: a "simple" request a page of any site may send without a preflight.
      const advance = (headers: Record<string, string>) =>
        app.request({ method: 'POST', url: '/api/v1/advance', headers: { cookie, ...headers } });

      for (const headers of [
        { origin: 'https://evil.example.org', 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'cross-site' },
        {},
      ]) {
        const res = await advance(headers);
        expect(res.statusCode, JSON.stringify(headers)).toBe(401);
        expect(res.json()).toEqual(UNAUTHORIZED);
      }
      expect(await unlocked()).toBe(2);

      const own = await advance({ origin: APP, 'sec-fetch-site': 'same-origin' });
      expect(own.statusCode).toBe(200);
      expect(own.json().data).toMatchObject({ outcome: 'unlocked', unlocked: 1 });
      expect(await unlocked()).toBe(3);
    });
  },
  { PUBLIC_BASE_URL: 'https://study.example.org/api/v1', SESSION_COOKIE_DOMAIN: 'example.org' },
);
