import { expect } from 'vitest';
import { INTERNAL_SECRET, type TestApp } from './app.js';
import { createLearner, type Learner } from './factories.js';

/** The access token the push suites configure, sent to the fake provider as a bearer. */
export const PUSH_ACCESS_TOKEN = 'test-push-access-token';

export const device = (n: number) => `ExponentPushToken[device-${n}]`;

/** GET /internal/push (with `query`, e.g. `?dry_run=1`); the run's report data. */
export async function pushTick(app: TestApp, query = '') {
  const res = await app.get(`/api/v1/internal/push${query}`, INTERNAL_SECRET);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A learner who registered `devices` devices (numbered from `firstDevice`, default 100 × the user id). */
export async function learnerWithDevices(
  app: TestApp,
  username: string,
  options: { timezone?: string; devices?: number; firstDevice?: number } = {},
): Promise<Learner> {
  const learner = await createLearner(app.deps, username, options.timezone ? { timezone: options.timezone } : {});
  for (let i = 0; i < (options.devices ?? 1); i += 1) {
    const res = await app.post('/api/v1/push_tokens', learner.token, { token: device((options.firstDevice ?? learner.userId * 100) + i) });
    expect(res.statusCode).toBe(200);
  }
  return learner;
}
