import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { importSubjects } from '../../src/services/content.js';
import type { Deps } from '../../src/services/deps.js';
import { describeEachEngine, testConfig } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, subjectResource, vocabulary, type SubjectSpec } from '../support/factories.js';

/** 1,050 subjects: two full pages and a bit, over three levels, a few hidden. */
function curriculum(meaningOfFirst = 'Ground'): SubjectSpec[] {
  const specs: SubjectSpec[] = [radical(1, 1, { slug: 'ground', characters: '一', meaning: meaningOfFirst })];
  for (let id = 2; id <= 1000; id += 1) specs.push(radical(id, 1 + (id % 3), { hidden: id % 97 === 0 }));
  for (let id = 1001; id <= 1050; id += 1) specs.push(kanji(id, 2, [1]));
  specs.push(vocabulary(1051, 3, [1001]));
  return specs;
}

/** Addresses with filters and both cursors; each is compared byte for byte with an uncached server. */
const ADDRESSES = [
  '/api/v1/subjects',
  '/api/v1/subjects?page_after_id=1000',
  '/api/v1/subjects?page_before_id=1001',
  '/api/v1/subjects?page_after_id=500&types=radical',
  '/api/v1/subjects?types=kanji,vocabulary',
  '/api/v1/subjects?levels=2&hidden=false',
  '/api/v1/subjects?hidden=true',
  '/api/v1/subjects?ids=3,1,1051',
  '/api/v1/subjects?slugs=ground',
  '/api/v1/subjects?updated_after=2020-01-01T00:00:00Z',
  '/api/v1/subjects?updated_after=2099-01-01T00:00:00Z',
  '/api/v1/subjects?page_after_id=99999',
];

describeEachEngine('Subject page cache', (t) => {
  let uncached: FastifyInstance;

  beforeAll(async () => {
    const { deps } = t();
    const config = testConfig(deps.config.databaseUrl, { SUBJECT_PAGE_CACHE_MB: '0' });
    uncached = await buildApp({ ...deps, config });
  });
  afterAll(async () => {
    await uncached.close();
  });

  it('answers every filter and cursor with the bytes and validators of an uncached server', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum());
    const { token } = await createLearner(deps);
    for (const address of ADDRESSES) {
      const reference = await uncached.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } });
      expect(reference.statusCode, address).toBe(200);
      // The first request builds the page, the second is served from the cache.
      for (let round = 0; round < 2; round += 1) {
        const res = await get(address, token);
        expect(res.statusCode, address).toBe(200);
        expect(res.rawPayload.equals(reference.rawPayload), address).toBe(true);
        expect(res.headers.etag, address).toBe(reference.headers.etag);
        expect(res.headers['last-modified'], address).toBe(reference.headers['last-modified']);
        expect(res.headers['content-encoding'], address).toBeUndefined();
        expect(res.headers.vary, address).toContain('Accept-Encoding');
      }
    }
    const first = (await get('/api/v1/subjects', token)).json();
    expect(first.data).toHaveLength(1000);
    expect(first.pages.next_url).toMatch(/page_after_id=1000$/);
    const filtered = (await get('/api/v1/subjects?page_after_id=500&types=radical', token)).json();
    expect(filtered.pages.previous_url).toMatch(/page_before_id=501&types=radical$/);
  });

  it('serves gzip and brotli that decode to the identical plain body, each with its own ETag', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum());
    const { token } = await createLearner(deps);
    const plain = await get('/api/v1/subjects', token);
    const gzip = await get('/api/v1/subjects', token, { 'accept-encoding': 'gzip, deflate' });
    const brotli = await get('/api/v1/subjects', token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    for (const res of [plain, gzip, brotli]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['last-modified']).toBe(plain.headers['last-modified']);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    }
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain.headers.etag, gzip.headers.etag, brotli.headers.etag]).size).toBe(3);

    // A coding refused with q=0 is never sent; one the server does not offer gets the plain body.
    const refused = await get('/api/v1/subjects', token, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
    const unknown = await get('/api/v1/subjects', token, { 'accept-encoding': 'deflate, identity' });
    expect(unknown.headers['content-encoding']).toBeUndefined();
    expect(unknown.rawPayload.equals(plain.rawPayload)).toBe(true);
    // Pages too small to be worth compressing go out plain whatever the client accepts.
    const small = await get('/api/v1/subjects?ids=1', token, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data).toHaveLength(1);
  });

  it('answers 304 to the ETag of the representation the client would get, per encoding', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum());
    const { token } = await createLearner(deps);
    for (const acceptEncoding of ['', 'gzip', 'br']) {
      const headers = acceptEncoding === '' ? {} : { 'accept-encoding': acceptEncoding };
      const first = await get('/api/v1/subjects', token, headers);
      const etag = first.headers.etag as string;
      const again = await get('/api/v1/subjects', token, { ...headers, 'if-none-match': etag });
      expect(again.statusCode, acceptEncoding).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['content-encoding']).toBeUndefined();
      expect(again.headers.vary).toContain('Accept-Encoding');
      const weak = await get('/api/v1/subjects', token, { ...headers, 'if-none-match': `W/${etag}` });
      expect(weak.statusCode).toBe(304);
    }
    // Another encoding's ETag names other bytes: the client gets the full representation it asked for.
    const plain = await get('/api/v1/subjects', token);
    const gzipWithPlainTag = await get('/api/v1/subjects', token, {
      'accept-encoding': 'gzip',
      'if-none-match': plain.headers.etag as string,
    });
    expect(gzipWithPlainTag.statusCode).toBe(200);
    expect(gzipWithPlainTag.headers['content-encoding']).toBe('gzip');
    const since = await get('/api/v1/subjects', token, {
      'accept-encoding': 'br',
      'if-modified-since': plain.headers['last-modified'] as string,
    });
    expect(since.statusCode).toBe(304);
  });

  it('is rebuilt after an import changes a subject, and after an import by another process', async () => {
    const { deps, get, clock, testDb } = t();
    await seedSubjects(deps, curriculum());
    const { token } = await createLearner(deps);
    const before = await get('/api/v1/subjects', token, { 'accept-encoding': 'gzip' });
    const beforeFiltered = await get('/api/v1/subjects?slugs=ground', token);
    expect(beforeFiltered.json().data[0].data.meanings[0].meaning).toBe('Ground');

    clock.advance(60_000);
    await seedSubjects(deps, curriculum('Floor'));
    const after = await get('/api/v1/subjects', token, { 'accept-encoding': 'gzip' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(gunzipSync(after.rawPayload).toString()).data[0].data.meanings[0].meaning).toBe('Floor');
    const stale = await get('/api/v1/subjects', token, { 'accept-encoding': 'gzip', 'if-none-match': before.headers.etag as string });
    expect(stale.statusCode).toBe(200);
    expect((await get('/api/v1/subjects?slugs=ground', token)).json().data[0].data.meanings[0].meaning).toBe('Floor');

    // The CLI imports through its own connection, possibly while the server runs.
    const other = connect(testDb.databaseUrl, testDb.pgSchema ? { pgSchema: testDb.pgSchema } : {});
    try {
      const otherDeps: Deps = { ...deps, db: other };
      clock.advance(60_000);
      const specs = curriculum('Earth');
      const result = await importSubjects(
        otherDeps,
        specs.map((spec) => ({ value: subjectResource(spec, specs), origin: `spec ${spec.id}` })),
      );
      expect(result.ok).toBe(true);
    } finally {
      await other.close();
    }
    const third = await get('/api/v1/subjects?slugs=ground', token);
    expect(third.json().data[0].data.meanings[0].meaning).toBe('Earth');
    expect(third.json().data_updated_at).toBe(new Date(clock.now()).toISOString());
  });

  it('checks the credential on every request, cached or not', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum());
    const { token } = await createLearner(deps);
    expect((await get('/api/v1/subjects', token)).statusCode).toBe(200);
    const anonymous = await get('/api/v1/subjects', undefined, { 'accept-encoding': 'gzip' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-encoding']).toBeUndefined();
    const wrong = await get('/api/v1/subjects', 'not-a-token');
    expect(wrong.statusCode).toBe(401);
  });
});
