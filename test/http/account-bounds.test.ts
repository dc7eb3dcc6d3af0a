import { expect, it } from 'vitest';
import { activePushTokens } from '../../src/db/repositories/push-tokens.js';
import { findUserById, updateUser } from '../../src/db/repositories/users.js';
import { PREFERENCES_MAX_BYTES } from '../../src/domain/preferences.js';
import { PUSH_TOKENS_MAX_ACTIVE } from '../../src/domain/notifications.js';
import { MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { createLearner } from '../support/factories.js';
import { device } from '../support/push.js';

const TOO_LARGE = {
  error: `preferences may take at most ${PREFERENCES_MAX_BYTES} bytes as JSON, unknown keys included; this write would store more. Remove or shorten keys you no longer need.`,
  code: 422,
};

describeEachEngine('Bounded accounts', (t) => {
  it('caps stored preferences, unknown keys included: a write past the cap is a 422 naming it, and nothing is written', async () => {
    const app = t();
    const { token, userId } = await createLearner(app.deps);
    const chunk = 'x'.repeat(1000);
    // Many small writes, each under the body limit, add up; the write that would pass the cap is refused.
    let accepted = 0;
    for (let i = 0; i < 40; i++) {
      const res = await app.put('/api/v1/user', token, { preferences: { [`client_key_${i}`]: chunk, lessons_batch_size: 3 + (i % 5) } });
      if (res.statusCode !== 200) {
        expectError(res, 422, TOO_LARGE);
        break;
      }
      accepted += 1;
    }
    expect(accepted).toBeGreaterThan(10);
    expect(accepted).toBeLessThan(PREFERENCES_MAX_BYTES / 1000);
    const stored = (await findUserById(app.deps.db.kysely, userId))!.storedPreferences;
    expect(Object.keys(stored).filter((key) => key.startsWith('client_key_'))).toHaveLength(accepted);
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(PREFERENCES_MAX_BYTES);
    // One large write at once is refused the same way; a write of known settings still goes through.
    expectError(await app.put('/api/v1/user', token, { preferences: { big: 'y'.repeat(PREFERENCES_MAX_BYTES) } }), 422, TOO_LARGE);
    const small = await app.put('/api/v1/user', token, { preferences: { client_key_0: 'short', heat_map_view: 'year' } });
    expect(small.statusCode).toBe(200);
    expect(small.json().data.preferences).toMatchObject({ client_key_0: 'short', heat_map_view: 'year' });
  });

  it('lets an account stored past the cap (before it existed) shrink and change its settings', async () => {
    const app = t();
    const { token, userId } = await createLearner(app.deps);
    await updateUser(app.deps.db.kysely, userId, { storedPreferences: { legacy: 'z'.repeat(PREFERENCES_MAX_BYTES * 2) } }, app.clock.now());
    const res = await app.put('/api/v1/user', token, { timezone: 'Asia/Tokyo', preferences: { legacy: null, max_daily_lessons: 20 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ timezone: 'Asia/Tokyo', preferences: { legacy: null, max_daily_lessons: 20 } });
  });

  it(`keeps at most ${PUSH_TOKENS_MAX_ACTIVE} active push tokens per account: the oldest registrations are retired, and re-arm on return`, async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const bob = await createLearner(app.deps, 'bob');
    expect((await app.post('/api/v1/push_tokens', bob.token, { token: device(999) })).statusCode).toBe(200);
    for (let n = 0; n < PUSH_TOKENS_MAX_ACTIVE + 3; n++) {
      app.clock.advance(MINUTE_MS);
      expect((await app.post('/api/v1/push_tokens', alice.token, { token: device(n) })).statusCode).toBe(200);
    }
    const expected = Array.from({ length: PUSH_TOKENS_MAX_ACTIVE }, (_, i) => device(i + 3));
    expect(await activePushTokens(app.deps.db.kysely, alice.userId)).toEqual(expected);
    // Another account is never touched.
    expect(await activePushTokens(app.deps.db.kysely, bob.userId)).toEqual([device(999)]);
    // A repeat of an active token changes nothing; a retired one returning is re-armed and the oldest goes.
    await app.post('/api/v1/push_tokens', alice.token, { token: device(7) });
    expect(await activePushTokens(app.deps.db.kysely, alice.userId)).toEqual(expected);
    app.clock.advance(MINUTE_MS);
    await app.post('/api/v1/push_tokens', alice.token, { token: device(0) });
    const active = await activePushTokens(app.deps.db.kysely, alice.userId);
    expect(active).toHaveLength(PUSH_TOKENS_MAX_ACTIVE);
    expect(active).toContain(device(0));
    expect(active).not.toContain(device(3));
  });
});
