import { expect, it } from 'vitest';
import { findUserById } from '../../src/db/repositories/users.js';
import { unsubscribeToken } from '../../src/services/unsubscribe.js';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, TEST_BASE_URL, UNSUBSCRIBE_SECRET, type TestApp } from '../support/app.js';
import { createLearner, type Learner } from '../support/factories.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };

async function unsubscribedAt(app: TestApp, learner: Learner) {
  return (await findUserById(app.deps.db.kysely, learner.userId))!.nudgesUnsubscribedAt;
}

describeEachEngine('POST /unsubscribe', (t) => {
  it('turns nudges off with the link’s token, and a second call changes nothing', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice', { email: 'alice@example.com' });
    const token = unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid);
    const first = await app.post('/api/v1/unsubscribe', undefined, { token });
    expect(first.statusCode, first.body).toBe(200);
    const at = new Date(app.clock.now()).toISOString();
    expect(first.json()).toEqual({
      object: 'unsubscribe',
      url: `${TEST_BASE_URL}/unsubscribe`,
      data_updated_at: at,
      data: { unsubscribed: true, unsubscribed_at: at },
    });
    expect(await unsubscribedAt(app, alice)).toBe(app.clock.now());

    app.clock.advance(HOUR_MS);
    const second = await app.post('/api/v1/unsubscribe', undefined, { token });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.unsubscribed_at).toBe(at);
  });

  it('takes the one-click form of mail clients, the token in the query string', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const token = encodeURIComponent(unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid));
    const res = await app.request({
      method: 'POST',
      url: `/api/v1/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unsubscribedAt(app, alice)).toBe(app.clock.now());
  });

  it('has no GET handler: a prefetched link changes nothing', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const res = await app.get(`/api/v1/unsubscribe?token=${unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 404 });
    expect(await unsubscribedAt(app, alice)).toBeNull();
  });

  it('answers 401 to a missing, malformed, forged or foreign token, and to a learner’s credential', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    const good = unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid);
    const signature = good.slice(good.indexOf('.') + 1);
    const tampered = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const bad = [
      {},
      { token: '' },
      { token: alice.uuid },
      { token: `${alice.uuid}.` },
      { token: `.${signature}` },
      { token: `${bob.uuid}.${signature}` }, // alice's signature on bob's id
      { token: `${alice.uuid}.${tampered}` },
      { token: unsubscribeToken('another-secret', alice.uuid) },
      { token: unsubscribeToken(UNSUBSCRIBE_SECRET, '00000000-0000-4000-8000-000000000000') }, // no such account
      { token: alice.token },
    ];
    for (const body of bad) {
      const res = await app.post('/api/v1/unsubscribe', undefined, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    expect((await app.post('/api/v1/unsubscribe', alice.token, {})).statusCode).toBe(401);
    expect(await unsubscribedAt(app, alice)).toBeNull();
    expect(await unsubscribedAt(app, bob)).toBeNull();
  });

  it('answers 422 to a body that is not an object of strings', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    for (const payload of [{ token: 42 }, { token: 'x'.repeat(600) }]) {
      expect((await app.post('/api/v1/unsubscribe', undefined, payload)).statusCode).toBe(422);
    }
    expect(await unsubscribedAt(app, alice)).toBeNull();
  });
});

describeEachEngine(
  'POST /unsubscribe without UNSUBSCRIBE_SECRET',
  (t) => {
    it('answers 401 to every token', async () => {
      const app = t();
      const alice = await createLearner(app.deps);
      const res = await app.post('/api/v1/unsubscribe', undefined, { token: unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid) });
      expect(res.statusCode).toBe(401);
      expect(await unsubscribedAt(app, alice)).toBeNull();
    });
  },
  { UNSUBSCRIBE_SECRET: '' },
);
