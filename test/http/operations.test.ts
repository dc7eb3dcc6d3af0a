import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { Metrics } from '../../src/metrics/index.js';
import type { Deps } from '../../src/services/deps.js';
import { FakeClock } from '../support/clock.js';
import { createTestDb, ENGINES, TEST_DATABASE_URL, type TestDb } from '../support/db.js';
import { T0, testConfig } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects } from '../support/factories.js';

/**
 * The operator's endpoints (see README, Operations): /healthz and /readyz for a proxy or an
 * orchestrator, /metrics for Prometheus, X-Request-Id, and 4xx reasons in the debug log.
 */
for (const engine of ENGINES) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`Operations endpoints [${engine}]`, () => {
    let testDb: TestDb;
    const apps: { close(): Promise<unknown> }[] = [];

    beforeAll(async () => {
      testDb = await createTestDb(engine);
    });
    afterEach(async () => {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      await testDb.reset();
    });
    afterAll(async () => {
      await testDb.destroy();
    });

    async function appWith(options: { metrics?: Metrics; env?: Record<string, string>; deps?: Partial<Deps>; logLines?: string[] } = {}) {
      const deps: Deps = { db: testDb.db, clock: new FakeClock(T0), config: testConfig(testDb.databaseUrl, options.env), ...options.deps };
      const lines = options.logLines;
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines?.push(chunk.toString('utf8'));
          done();
        },
      });
      const app = await buildApp(deps, {
        ...(options.metrics ? { metrics: options.metrics } : {}),
        ...(lines ? { logger: { level: 'debug', stream } } : {}),
      });
      apps.push(app);
      return { app, deps };
    }

    it('GET /healthz answers 200 without credentials or database work', async () => {
      const { app } = await appWith();
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('GET /readyz is 503 until content is loaded, then 200', async () => {
      const { app, deps } = await appWith();
      const empty = await app.inject({ method: 'GET', url: '/readyz' });
      expect(empty.statusCode).toBe(503);
      expect(empty.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'ok', content: 'empty' },
        reason: 'No subjects are loaded (study-service content import).',
      });
      await seedSubjects(deps, [radical(1, 1)]);
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', content: 'ok' }, reason: null });
    });

    it('GET /readyz is 503 with the reason when the database is down', async () => {
      // SQLite: a handle that is closed; PostgreSQL: a server that refuses connections.
      const down =
        engine === 'sqlite'
          ? connect(`sqlite:${testDb.databaseUrl.slice('sqlite:'.length)}`)
          : connect('postgres://postgres@127.0.0.1:1/test');
      if (engine === 'sqlite') await down.close();
      try {
        const { app } = await appWith({ deps: { db: down } });
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        expect(res.statusCode).toBe(503);
        const body = res.json<{ status: string; checks: unknown; reason: string }>();
        expect(body.status).toBe('not_ready');
        expect(body.checks).toEqual({ database: 'unreachable', migrations: 'unknown', content: 'unknown' });
        expect(body.reason).toMatch(/^The database is unreachable: \S/);
        // Liveness does not depend on the database.
        expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await down.close();
      }
    });

    it('GET /metrics counts and times requests by route pattern and status, and times transactions', async () => {
      const metrics = new Metrics();
      metrics.watchPool(() => testDb.db.poolStats());
      const db = { ...testDb.db, observeTransaction: metrics.observeTransaction.bind(metrics) };
      const { app, deps } = await appWith({ metrics, deps: { db } });
      await seedSubjects(deps, [radical(1, 1), kanji(2, 1, [1])]);
      const learner = await createLearner(deps);
      const auth = { authorization: `Bearer ${learner.token}` };
      expect((await app.inject({ method: 'GET', url: '/api/v1/subjects/1', headers: auth })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/subjects/2', headers: auth })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/v1/subjects/999', headers: auth })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'PUT', url: '/api/v1/user', headers: auth, payload: { user: { preferences: {} } } })).statusCode,
      ).toBe(200);

      const res = await app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toContain('http_requests_total{method="GET",route="/api/v1/subjects/:id",status="200"} 2');
      expect(text).toContain('http_requests_total{method="GET",route="/api/v1/subjects/:id",status="404"} 1');
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/subjects\/:id",status="200"\} 2/);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="\+Inf",method="PUT",route="\/api\/v1\/user",status="200"\} 1/);
      expect(text).toMatch(/db_transaction_duration_seconds_count\{outcome="commit"\} [1-9]/);
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      if (engine === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
      else expect(text).not.toMatch(/db_pool_connections\{/);
    });

    it('counts tick runs and their decisions', async () => {
      const metrics = new Metrics({ processMetrics: false });
      metrics.observeTick('push', 'completed', { sent: 3, quiet_hours: 0 });
      const text = await metrics.text();
      expect(text).toContain('tick_runs_total{tick="push",outcome="completed"} 1');
      expect(text).toContain('tick_decisions_total{tick="push",decision="sent"} 3');
      expect(text).not.toContain('decision="quiet_hours"');
    });

    it('METRICS_TOKEN protects /metrics; learner tokens never open it', async () => {
      const { app, deps } = await appWith({ metrics: new Metrics({ processMetrics: false }), env: { METRICS_TOKEN: 'scrape-secret' } });
      const learner = await createLearner(deps);
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${learner.token}` } })).statusCode).toBe(
        401,
      );
      const ok = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_requests_total');
    });

    it('echoes a usable X-Request-Id, generates one otherwise, and logs a 4xx reason at debug', async () => {
      const lines: string[] = [];
      const { app } = await appWith({ logLines: lines });
      const given = await app.inject({ method: 'GET', url: '/api/v1/user', headers: { 'x-request-id': 'edge-7f3a.42' } });
      expect(given.statusCode).toBe(401);
      expect(given.headers['x-request-id']).toBe('edge-7f3a.42');
      const refused = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.msg === 'request refused');
      expect(refused).toMatchObject({ level: 20, reqId: 'edge-7f3a.42', status: 401, reason: 'Unauthorized. Provide a valid API token.' });

      const generated = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'not a token\u0007' } });
      expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(generated.headers['x-request-id']).not.toBe((await app.inject({ method: 'GET', url: '/healthz' })).headers['x-request-id']);
    });
  });
}
