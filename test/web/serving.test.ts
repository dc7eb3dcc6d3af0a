import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { HASHED_ASSET_CACHE, HTML_CACHE } from '../../src/http/web-app.js';
import { testConfig } from '../support/app.js';
import { FakeClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/db.js';

const INDEX = '<!doctype html><title>Study</title><div id="app"></div>';

// Static serving touches no database table, so one engine is enough here; the browser suites run the built app on both.
describe('The web app at the origin', () => {
  let root: string;
  let testDb: TestDb;
  let app: FastifyInstance;
  let unbuilt: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'study-web-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), INDEX);
    writeFileSync(join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
    writeFileSync(join(root, 'favicon.svg'), '<svg/>');
    testDb = await createTestDb('sqlite');
    const deps = { db: testDb.db, clock: new FakeClock(Date.now()), config: testConfig(testDb.databaseUrl) };
    app = await buildApp(deps, { webRoot: root });
    unbuilt = await buildApp(deps, { webRoot: join(root, 'missing') });
  });
  afterAll(async () => {
    await app.close();
    await unbuilt.close();
    await testDb.destroy();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the app’s HTML, never cached stale, at / and every client route', async () => {
    for (const url of ['/', '/lessons', '/reviews', '/unsubscribe?token=abc', '/sign-in?link=invalid', '/some/deep/route']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe(HTML_CACHE);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['compat-revision'], url).toBeUndefined();
    }
  });

  it('serves hashed assets with a year-long immutable cache, other files revalidated', async () => {
    const asset = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(asset.headers['cache-control']).toBe(HASHED_ASSET_CACHE);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe(HTML_CACHE);
    // A missing asset is a 404, not the app's HTML under a script's name.
    expect((await app.inject({ url: '/assets/index-gone.js' })).statusCode).toBe(404);
  });

  it('leaves the API as it was: JSON bodies, JSON 404s under /api/v1', async () => {
    const missing = await app.inject({ url: '/api/v1/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(missing.json()).toEqual({ error: 'Not found', code: 404 });
    const user = await app.inject({ url: '/api/v1/user' });
    expect(user.statusCode).toBe(401);
    expect(user.headers['compat-revision']).toBe('20170710');
    // The app's routes stay out of the API's OpenAPI document.
    const doc = app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/') || p === '/*' || p.startsWith('/assets'))).toEqual([]);
    expect(doc.paths['/session']).toBeDefined();
  });

  it('says how to build the app when it was not built', async () => {
    const res = await unbuilt.inject({ url: '/reviews' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('npm run build:web');
    expect(res.headers['cache-control']).toBe(HTML_CACHE);
  });
});
