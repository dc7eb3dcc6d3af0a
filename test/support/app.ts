import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config, type DatabaseEngine } from '../../src/config/index.js';
import type { Deps } from '../../src/services/deps.js';
import { FakeClock } from './clock.js';
import { createTestDb, ENGINES, TEST_DATABASE_URL, type TestDb } from './db.js';

export const TEST_BASE_URL = 'http://study.test/api/v1';
export const INTERNAL_SECRET = 'test-internal-secret';
export const UNSUBSCRIBE_SECRET = 'test-unsubscribe-secret';
/** Tests start at a fixed instant: Saturday 2026-11-21 10:30 UTC. */
export const T0 = Date.parse('2026-11-21T10:30:00.000Z');

export interface TestApp {
  engine: DatabaseEngine;
  app: FastifyInstance;
  deps: Deps;
  clock: FakeClock;
  testDb: TestDb;
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  get(path: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  put(path: string, token: string | undefined, body?: unknown): Promise<LightMyRequestResponse>;
  post(path: string, token: string | undefined, body?: unknown): Promise<LightMyRequestResponse>;
  delete(path: string, token: string | undefined, body?: unknown): Promise<LightMyRequestResponse>;
}

export function testConfig(databaseUrl: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    DATABASE_URL: databaseUrl,
    PUBLIC_BASE_URL: TEST_BASE_URL,
    INTERNAL_SECRET,
    UNSUBSCRIBE_SECRET,
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/**
 * Runs `body` once per engine against a real database built for this file; every test starts from
 * empty tables and the clock at T0. PostgreSQL suites are skipped (and reported so) without
 * TEST_DATABASE_URL.
 */
export function describeEachEngine(title: string, body: (t: () => TestApp) => void, configOverrides: Record<string, string> = {}): void {
  for (const engine of ENGINES) {
    describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`${title} [${engine}]`, () => {
      let current: TestApp | undefined;
      beforeAll(async () => {
        const testDb = await createTestDb(engine);
        const clock = new FakeClock(T0);
        const deps: Deps = { db: testDb.db, clock, config: testConfig(testDb.databaseUrl, configOverrides) };
        const app = await buildApp(deps);
        const request = (options: InjectOptions & { token?: string }) => {
          const { token, ...rest } = options;
          const headers = { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) };
          return app.inject({ ...rest, headers });
        };
        current = {
          engine,
          app,
          deps,
          clock,
          testDb,
          request,
          get: (url, token, headers = {}) => request({ method: 'GET', url, headers, ...(token ? { token } : {}) }),
          put: (url, token, body) =>
            request({ method: 'PUT', url, ...(token ? { token } : {}), ...(body === undefined ? {} : { payload: body as object }) }),
          post: (url, token, body) =>
            request({ method: 'POST', url, ...(token ? { token } : {}), ...(body === undefined ? {} : { payload: body as object }) }),
          delete: (url, token, body) =>
            request({ method: 'DELETE', url, ...(token ? { token } : {}), ...(body === undefined ? {} : { payload: body as object }) }),
        };
      });
      beforeEach(async () => {
        if (!current) return;
        await current.testDb.reset();
        current.clock.set(new Date(T0).toISOString());
      });
      afterAll(async () => {
        await current?.app.close();
        await current?.testDb.destroy();
      });
      body(() => {
        if (!current) throw new Error('test app not ready');
        return current;
      });
    });
  }
}
