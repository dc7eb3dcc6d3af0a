import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { createLearner } from '../support/factories.js';

const TOKEN = 'ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]';
const NEW_FORM = 'ExpoPushToken[AbC-123_xyz]';
const iso = (ms: number) => new Date(ms).toISOString();

async function storedTokens(app: TestApp) {
  return app.deps.db.kysely.selectFrom('push_tokens').selectAll().orderBy('id').execute();
}

describeEachEngine('POST /push_tokens', (t) => {
  it('registers a token of either provider form and reports it as a push_token', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const res = await app.post('/api/v1/push_tokens', token, { token: TOKEN, platform: 'ios' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      object: 'push_token',
      url: `${TEST_BASE_URL}/push_tokens`,
      data_updated_at: iso(app.clock.now()),
      data: { token: TOKEN, platform: 'ios', registered_at: iso(app.clock.now()) },
    });

    const second = await app.post('/api/v1/push_tokens', token, { push_token: { token: NEW_FORM } });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toEqual({ token: NEW_FORM, platform: null, registered_at: iso(app.clock.now()) });
    expect((await storedTokens(app)).map((r) => r.token)).toEqual([TOKEN, NEW_FORM]);
  });

  it('refuses a token in any other form with 422 and writes nothing', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const bad: unknown[] = [
      { token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90' }, // a bare APNs token
      { token: 'fcm:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx' }, // a bare FCM token
      { token: '' },
      { token: 'ExponentPushToken[]' },
      { token: 'ExponentPushToken[abc' },
      { token: 'ExponentPushTokenabc]' },
      { token: 'ExponentPushToken[a]b]' },
      { token: 'ExponentPushToken[a b]' },
      { token: ' ExponentPushToken[abc]' },
      { token: 'ExpoPushToken [abc]' },
      { token: 'FooPushToken[abc]' },
      { token: `ExponentPushToken[${'a'.repeat(300)}]` },
      { token: 42 },
      { platform: 'ios' },
      { token: TOKEN, platform: 'windows' },
      { token: TOKEN, platform: 'IOS' },
    ];
    for (const body of bad) {
      const res = await app.post('/api/v1/push_tokens', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, error: expect.any(String) });
    }
    const form = await app.post('/api/v1/push_tokens', token, { token: 'abc' });
    expect(form.json().error).toMatch(/ExponentPushToken\[\.\.\.\] or ExpoPushToken\[\.\.\.\]/);
    expect(await storedTokens(app)).toEqual([]);
  });

  it('upserts on the token: a repeat keeps registered_at, an omitted platform keeps the stored one', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const registeredAt = app.clock.now();
    await app.post('/api/v1/push_tokens', token, { token: TOKEN, platform: 'android' });
    app.clock.advance(HOUR_MS);
    const again = await app.post('/api/v1/push_tokens', token, { token: TOKEN });
    expect(again.json()).toMatchObject({
      data_updated_at: iso(app.clock.now()),
      data: { token: TOKEN, platform: 'android', registered_at: iso(registeredAt) },
    });
    const changed = await app.post('/api/v1/push_tokens', token, { token: TOKEN, platform: 'ios' });
    expect(changed.json().data.platform).toBe('ios');
    expect(await storedTokens(app)).toHaveLength(1);
  });

  it('re-arms a revoked token', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    await app.post('/api/v1/push_tokens', token, { token: TOKEN });
    await app.deps.db.kysely.updateTable('push_tokens').set({ revoked_at: app.clock.now() }).execute();
    app.clock.advance(HOUR_MS);
    const res = await app.post('/api/v1/push_tokens', token, { token: TOKEN });
    expect(res.json().data.registered_at).toBe(iso(app.clock.now()));
    const [row] = await storedTokens(app);
    expect(row).toMatchObject({ revoked_at: null, registered_at: app.clock.now() });
  });

  it('moves a token to the account that registers it last (the device changed hands)', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    await app.post('/api/v1/push_tokens', alice.token, { token: TOKEN });
    app.clock.advance(HOUR_MS);
    const res = await app.post('/api/v1/push_tokens', bob.token, { token: TOKEN });
    expect(res.json().data.registered_at).toBe(iso(app.clock.now()));
    expect((await storedTokens(app)).map((r) => r.user_id)).toEqual([bob.userId]);
  });

  it('keeps one row when the same token is registered by parallel requests', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => app.post('/api/v1/push_tokens', token, { token: TOKEN, platform: 'ios' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(await storedTokens(app)).toHaveLength(1);
  });

  it('needs a learner credential', async () => {
    const app = t();
    const res = await app.post('/api/v1/push_tokens', undefined, { token: TOKEN });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized. Provide a valid API token.', code: 401 });
  });
});

describeEachEngine('DELETE /push_tokens', (t) => {
  it('removes the caller’s token, then reports 0 on a second call', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    await app.post('/api/v1/push_tokens', token, { token: TOKEN, platform: 'ios' });
    const first = await app.delete('/api/v1/push_tokens', token, { token: TOKEN, platform: 'ios' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      object: 'push_token',
      url: `${TEST_BASE_URL}/push_tokens`,
      data_updated_at: null,
      data: { removed: 1 },
    });
    const second = await app.delete('/api/v1/push_tokens', token, { token: TOKEN });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual({ removed: 0 });
    expect(await storedTokens(app)).toEqual([]);
  });

  it('never removes another account’s token', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    await app.post('/api/v1/push_tokens', alice.token, { token: TOKEN });
    const res = await app.delete('/api/v1/push_tokens', bob.token, { token: TOKEN });
    expect(res.json().data).toEqual({ removed: 0 });
    expect((await storedTokens(app)).map((r) => r.user_id)).toEqual([alice.userId]);
  });

  it('validates the body like POST and needs a credential', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    await app.post('/api/v1/push_tokens', token, { token: TOKEN });
    for (const body of [{}, { token: '' }, { token: 'not-a-push-token' }, { token: TOKEN, platform: 'web' }]) {
      expect((await app.delete('/api/v1/push_tokens', token, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await app.delete('/api/v1/push_tokens', undefined, { token: TOKEN })).statusCode).toBe(401);
    expect(await storedTokens(app)).toHaveLength(1);
  });
});
