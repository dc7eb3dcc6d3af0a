import { expect, it } from 'vitest';
import { HOUR_MS, SECOND_MS } from '../../src/shared/time.js';
import { describeEachEngine, INTERNAL_SECRET, T0, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects } from '../support/factories.js';

const httpDate = (ms: number) => new Date(ms).toUTCString();
/** Last-Modified is data_updated_at rounded up to the whole second. See docs/decisions.md, HTTP (conditional requests). */
const ceilSecond = (ms: number) => Math.ceil(ms / SECOND_MS) * SECOND_MS;
const STRONG_ETAG = /^"[^"]+"$/;

interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, string | string[] | number | undefined>;
  json(): { data_updated_at?: string | null };
}

function expectJsonHeaders(res: Res): void {
  expect(res.headers['compat-revision']).toBe('20170710');
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
}

describeEachEngine('Conditional requests and headers', (t) => {
  /** Content, a learner with a progression, a voice actor and a reset, so every cacheable collection has a row. */
  async function world(app: TestApp): Promise<{ token: string; progressionId: number }> {
    const { deps, clock } = app;
    await seedSubjects(deps, [radical(1, 1, { slug: 'ground' }), radical(2, 1), kanji(3, 1, [1])]);
    const { token, userId } = await createLearner(deps);
    clock.advance(1500);
    const now = clock.now();
    await deps.db.kysely
      .insertInto('voice_actors')
      .values({ name: 'Kyoko', gender: 'female', description: 'Tokyo accent', created_at: now, updated_at: now })
      .execute();
    await deps.db.kysely
      .insertInto('resets')
      .values({ user_id: userId, original_level: 3, target_level: 1, confirmed_at: now, created_at: now, updated_at: now })
      .execute();
    const progression = await deps.db.kysely
      .selectFrom('level_progressions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { token, progressionId: progression.id };
  }

  const cacheable = (progressionId: number) => [
    '/subjects',
    '/subjects?types=radical',
    '/subjects/1',
    '/user',
    '/spaced_repetition_systems',
    '/spaced_repetition_systems/1',
    '/voice_actors',
    '/voice_actors/1',
    '/resets',
    '/resets/1',
    '/level_progressions',
    `/level_progressions/${progressionId}`,
  ];

  it('sends a strong ETag, Last-Modified, and the advisory RateLimit headers on every cacheable endpoint', async () => {
    const app = t();
    const { token, progressionId } = await world(app);
    for (const path of cacheable(progressionId)) {
      const res = await app.get(`/api/v1${path}`, token);
      expect(res.statusCode, path).toBe(200);
      expectJsonHeaders(res);
      expect(res.headers.etag, path).toMatch(STRONG_ETAG);
      const updatedAt = res.json().data_updated_at;
      expect(typeof updatedAt, path).toBe('string');
      expect(res.headers['last-modified'], path).toBe(httpDate(ceilSecond(Date.parse(updatedAt!))));
      expect(res.headers['ratelimit-limit'], path).toBe('60');
      const remaining = Number(res.headers['ratelimit-remaining']);
      expect(Number.isInteger(remaining) && remaining >= 0 && remaining <= 60, path).toBe(true);
      const reset = Number(res.headers['ratelimit-reset']);
      // Unix seconds of the end of the current window.
      expect(Number.isInteger(reset), path).toBe(true);
      expect(reset, path).toBeGreaterThan(app.clock.now() / SECOND_MS);
      expect(reset, path).toBeLessThanOrEqual(app.clock.now() / SECOND_MS + 60);
    }
  });

  it('answers If-None-Match with the current ETag by 304: empty body, the ETag and the revision header', async () => {
    const app = t();
    const { token, progressionId } = await world(app);
    for (const path of cacheable(progressionId)) {
      const first = await app.get(`/api/v1${path}`, token);
      const etag = String(first.headers.etag);
      for (const header of [etag, `W/${etag}`, `"nope", ${etag}`, '*']) {
        const res = await app.get(`/api/v1${path}`, token, { 'if-none-match': header });
        expect(res.statusCode, `${path} ${header}`).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers.etag).toBe(etag);
        expect(res.headers['compat-revision']).toBe('20170710');
      }
      const other = await app.get(`/api/v1${path}`, token, { 'if-none-match': '"something-else"' });
      expect(other.statusCode, path).toBe(200);
      expect(other.body).toBe(first.body);
    }
  });

  it('answers If-Modified-Since by 304 only when the data is at or before its instant', async () => {
    const app = t();
    const { token, progressionId } = await world(app);
    for (const path of cacheable(progressionId)) {
      const first = await app.get(`/api/v1${path}`, token);
      const updatedAt = Date.parse(first.json().data_updated_at!);
      for (const since of [ceilSecond(updatedAt), updatedAt + HOUR_MS]) {
        const res = await app.get(`/api/v1${path}`, token, { 'if-modified-since': httpDate(since) });
        expect(res.statusCode, `${path} since ${httpDate(since)}`).toBe(304);
        expect(res.body).toBe('');
        expect(res.headers['compat-revision']).toBe('20170710');
      }
      const older = await app.get(`/api/v1${path}`, token, { 'if-modified-since': httpDate(ceilSecond(updatedAt) - SECOND_MS - 1) });
      expect(older.statusCode, path).toBe(200);
      const garbage = await app.get(`/api/v1${path}`, token, { 'if-modified-since': 'yesterday-ish' });
      expect(garbage.statusCode, path).toBe(200);
    }
  });

  it('rounds Last-Modified up, so a copy truncated to the same second is not answered 304', async () => {
    const app = t();
    const { token } = await world(app);
    const res = await app.get('/api/v1/voice_actors/1', token);
    expect(res.json().data_updated_at).toBe(new Date(T0 + 1500).toISOString());
    expect(res.headers['last-modified']).toBe(httpDate(T0 + 2000));
    expect((await app.get('/api/v1/voice_actors/1', token, { 'if-modified-since': httpDate(T0 + 2000) })).statusCode).toBe(304);
    expect((await app.get('/api/v1/voice_actors/1', token, { 'if-modified-since': httpDate(T0 + 1000) })).statusCode).toBe(200);
  });

  it('never hides a change made later in the same second on any conditional endpoint', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    app.clock.set('2026-11-23T07:34:50.038Z');
    const { token } = await createLearner(app.deps);
    const [first, second] = (await app.get('/api/v1/assignments', token)).json().data as { id: number }[];
    await app.put(`/api/v1/assignments/${first!.id}/start`, token);
    const material = (await app.post('/api/v1/study_materials', token, { subject_id: 1, meaning_note: 'a' })).json();
    await app.post('/api/v1/reviews', token, { assignment_id: first!.id, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 });
    const paths = ['/assignments', '/user', '/summary', '/review_statistics', '/study_materials', '/level_progressions'];
    // The client's copy: what it read at .038, and the watermark it sends, truncated to the second.
    const copies = new Map<string, string>();
    for (const path of paths) {
      const res = await app.get(`/api/v1${path}`, token);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['last-modified'], path).toBe('Mon, 23 Nov 2026 07:34:51 GMT');
      expect((await app.get(`/api/v1${path}`, token, { 'if-modified-since': res.headers['last-modified'] as string })).statusCode).toBe(
        304,
      );
      copies.set(path, res.body);
    }

    // Changes stamped .169, within the second the client's watermark names.
    app.clock.set('2026-11-23T07:34:50.169Z');
    await app.put(`/api/v1/assignments/${second!.id}/start`, token);
    await app.put('/api/v1/user', token, { timezone: 'Asia/Tokyo' });
    await app.post('/api/v1/reviews', token, { assignment_id: first!.id, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 });
    await app.put(`/api/v1/study_materials/${material.id}`, token, { meaning_note: 'b' });
    for (const path of paths.filter((p) => p !== '/level_progressions')) {
      const res = await app.get(`/api/v1${path}`, token, { 'if-modified-since': 'Mon, 23 Nov 2026 07:34:50 GMT' });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).not.toBe(copies.get(path));
    }
  });

  it('lets If-None-Match take precedence over If-Modified-Since', async () => {
    const app = t();
    const { token } = await world(app);
    const first = await app.get('/api/v1/subjects', token);
    const etag = String(first.headers.etag);
    const lastModified = String(first.headers['last-modified']);
    const stale = await app.get('/api/v1/subjects', token, { 'if-none-match': '"stale"', 'if-modified-since': lastModified });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(first.body);
    const fresh = await app.get('/api/v1/subjects', token, { 'if-none-match': etag, 'if-modified-since': httpDate(T0 - HOUR_MS) });
    expect(fresh.statusCode).toBe(304);
  });

  it('changes the ETag when a row of the result changes', async () => {
    const app = t();
    const { token } = await world(app);
    const subjects = await app.get('/api/v1/subjects', token);
    const subject = await app.get('/api/v1/subjects/2', token);
    const user = await app.get('/api/v1/user', token);

    app.clock.advance(HOUR_MS);
    const changedAt = app.clock.now();
    await seedSubjects(app.deps, [radical(2, 1, { meaning: 'Renamed' })]);
    const put = await app.put('/api/v1/user', token, { preferences: { lessons_batch_size: 7 } });
    expect(put.statusCode).toBe(200);
    expect(put.headers.etag).toBeUndefined();

    for (const [path, before] of [
      ['/subjects', subjects],
      ['/subjects/2', subject],
      ['/user', user],
    ] as const) {
      const res = await app.get(`/api/v1${path}`, token, { 'if-none-match': String(before.headers.etag) });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers.etag, path).not.toBe(before.headers.etag);
      expect(res.headers['last-modified'], path).toBe(httpDate(ceilSecond(changedAt)));
    }
    // A subject outside the result leaves its ETag alone.
    const untouched = await app.get('/api/v1/subjects/1', token, {
      'if-none-match': String((await app.get('/api/v1/subjects/1', token)).headers.etag),
    });
    expect(untouched.statusCode).toBe(304);
  });

  it('applies updated_after and If-Modified-Since together (see docs/decisions.md, Sync watermarks)', async () => {
    const app = t();
    const { token } = await world(app);
    const synced = T0;
    app.clock.advance(HOUR_MS);
    await seedSubjects(app.deps, [radical(2, 1, { meaning: 'Renamed' })]);
    const changedAt = app.clock.now();
    const after = `/api/v1/subjects?updated_after=${new Date(synced).toISOString()}`;

    // The cache is older than the change: 200 with only what changed after the watermark.
    const delta = await app.get(after, token, { 'if-modified-since': httpDate(synced) });
    expect(delta.statusCode).toBe(200);
    expect(delta.json()).toMatchObject({ total_count: 1, data: [{ id: 2 }] });
    expect(delta.headers['last-modified']).toBe(httpDate(ceilSecond(changedAt)));

    // The cache already holds that change: 304.
    const cached = await app.get(after, token, { 'if-modified-since': httpDate(ceilSecond(changedAt)) });
    expect(cached.statusCode).toBe(304);

    // Nothing changed after the watermark: an empty page has no Last-Modified to compare, so 200 and nothing.
    const nothing = await app.get(`/api/v1/subjects?updated_after=${new Date(changedAt).toISOString()}`, token, {
      'if-modified-since': httpDate(changedAt),
    });
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toMatchObject({ total_count: 0, data: [], data_updated_at: null });
    expect(nothing.headers['last-modified']).toBeUndefined();
    expect(nothing.headers.etag).toMatch(STRONG_ETAG);
  });

  it('puts Compat-Revision and the JSON content type on every response, errors included', async () => {
    const app = t();
    const { token } = await world(app);
    const responses: [string, Res][] = [
      ['200 GET /user', await app.get('/api/v1/user', token)],
      ['200 PUT /user', await app.put('/api/v1/user', token, { timezone: 'UTC' })],
      ['201 POST /internal/sessions', await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'zoe' })],
      ['200 GET /about', await app.get('/api/v1/about')],
      ['200 GET /search', await app.get('/api/v1/search?q=ground', token)],
      ['401', await app.get('/api/v1/user')],
      ['404 route', await app.get('/api/v1/nowhere', token)],
      ['404 id', await app.get('/api/v1/subjects/999', token)],
      ['422 filter', await app.get('/api/v1/subjects?ids=x', token)],
      ['422 body', await app.put('/api/v1/user', token, { timezone: 'Manila' })],
    ];
    for (const [label, res] of responses) {
      expect(res.headers['compat-revision'], label).toBe('20170710');
      expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
    }
    // Only cacheable reads carry validators and rate-limit headers.
    for (const [label, res] of responses.filter(([label]) => !label.startsWith('200 GET /user'))) {
      expect(res.headers.etag, label).toBeUndefined();
      expect(res.headers['ratelimit-limit'], label).toBeUndefined();
    }
  });

  it('never caches /search: no ETag, no Last-Modified, and If-None-Match: * still gets the body', async () => {
    const app = t();
    const { token } = await world(app);
    const res = await app.get('/api/v1/search?q=ground', token, { 'if-none-match': '*', 'if-modified-since': httpDate(T0 + HOUR_MS) });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.json()).toMatchObject({ object: 'report', total_count: 1 });
  });
});
