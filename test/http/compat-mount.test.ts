import { describe, expect, it } from 'vitest';
import { compatBaseUrl } from '../../src/http/envelopes.js';
import { describeEachEngine, TEST_BASE_URL } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';

/** The opt-in `/v2` compatibility mount (docs/decisions.md, Compatibility mount). */
const V2_BASE = 'http://study.test/v2';
const NOT_FOUND = { error: 'Not found', code: 404 };
/** One more radical than a page of assignments holds, so a collection has a next page. */
const RADICALS = 501;

describe('compatBaseUrl', () => {
  it('replaces the /api/v1 of PUBLIC_BASE_URL by /v2, keeping a proxy’s path prefix', () => {
    expect(compatBaseUrl('http://study.test/api/v1')).toBe('http://study.test/v2');
    expect(compatBaseUrl('https://example.org/study/api/v1')).toBe('https://example.org/study/v2');
    expect(compatBaseUrl('https://api.example.org')).toBe('https://api.example.org/v2');
    expect(compatBaseUrl('https://api.example.org/custom')).toBe('https://api.example.org/v2');
  });
});

describeEachEngine(
  'The /v2 compatibility mount, switched on',
  (t) => {
    async function world() {
      const app = t();
      await seedSubjects(
        app.deps,
        Array.from({ length: RADICALS }, (_, i) => radical(i + 1, 1)),
      );
      return { app, ...(await createLearner(app.deps)) };
    }

    it('serves the same bodies under /v2, every url built for /v2', async () => {
      const { app, token } = await world();
      for (const path of ['/user', '/summary', '/subjects/1', '/spaced_repetition_systems', '/voice_actors', '/level_progressions']) {
        const v1 = await app.get(`/api/v1${path}`, token);
        const v2 = await app.get(`/v2${path}`, token);
        expect(v2.statusCode, path).toBe(200);
        expect(v2.body, path).toBe(v1.body.replaceAll(TEST_BASE_URL, V2_BASE));
        expect(v2.body, path).not.toContain('/api/v1');
        expect(v2.headers['compat-revision']).toBe('20170710');
        expect(v2.headers['cache-control']).toBe('private, no-cache');
      }
      const user = (await app.get('/v2/user', token)).json();
      expect(user.url).toBe(`${V2_BASE}/user`);
    });

    it('builds url, next_url and previous_url of collections for /v2, filters carried after the cursor', async () => {
      const { app, token } = await world();
      const first = (await app.get('/v2/assignments?levels=1', token)).json();
      expect(first.url).toBe(`${V2_BASE}/assignments?levels=1`);
      expect(first.total_count).toBe(RADICALS);
      expect(first.data[0].url).toBe(`${V2_BASE}/assignments/${first.data[0].id}`);
      const last = first.data.at(-1).id;
      expect(first.pages.next_url).toBe(`${V2_BASE}/assignments?page_after_id=${last}&levels=1`);
      // The client follows next_url as given: it names the mount it came in on.
      const second = (await app.get(first.pages.next_url.slice('http://study.test'.length), token)).json();
      expect(second.data).toHaveLength(1);
      expect(second.url).toBe(`${V2_BASE}/assignments?page_after_id=${last}&levels=1`);
      expect(second.pages).toMatchObject({
        next_url: null,
        previous_url: `${V2_BASE}/assignments?page_before_id=${second.data[0].id}&levels=1`,
      });
      const subjects = (await app.get('/v2/subjects?page_after_id=-1&types=radical', token)).json();
      expect(subjects.url).toBe(`${V2_BASE}/subjects?page_after_id=-1&types=radical`);
      expect(subjects.data[0].url).toBe(`${V2_BASE}/subjects/1`);
    });

    it('takes writes under /v2: a lesson start, a review and a study material answer with /v2 addresses', async () => {
      const { app, token } = await world();
      const [assignment] = (await app.get('/v2/assignments?subject_ids=1', token)).json().data;
      const started = await app.put(`/v2/assignments/${assignment.id}/start`, token, { assignment: {} });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json()).toMatchObject({ url: `${V2_BASE}/assignments/${assignment.id}`, data: { srs_stage: 1 } });
      const reviewed = await app.post('/v2/reviews', token, {
        review: { assignment_id: assignment.id, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 },
      });
      expect(reviewed.statusCode, reviewed.body).toBe(201);
      const body = reviewed.json();
      expect(body.url).toMatch(new RegExp(`^${V2_BASE}/reviews/\\d+$`));
      expect(body.resources_updated.assignment.url).toBe(`${V2_BASE}/assignments/${assignment.id}`);
      expect(body.resources_updated.review_statistic.url).toMatch(new RegExp(`^${V2_BASE}/review_statistics/\\d+$`));
      const material = await app.post('/v2/study_materials', token, { study_material: { subject_id: 1, meaning_note: 'a' } });
      expect(material.statusCode, material.body).toBe(201);
      expect(material.json().url).toBe(`${V2_BASE}/study_materials/${material.json().id}`);
      // The write is the same write: /api/v1 sees it.
      expect((await app.get(`/api/v1/assignments/${assignment.id}`, token)).json().data.srs_stage).toBe(2);
    });

    it('treats an Idempotency-Key the same on both mounts, presenting the replay for the mount it came in on', async () => {
      const { app, token } = await world();
      const [assignment] = (await app.get('/api/v1/assignments?subject_ids=1', token)).json().data;
      const send = (prefix: string) =>
        app.request({ method: 'PUT', url: `${prefix}/assignments/${assignment.id}/start`, token, headers: { 'idempotency-key': 'k-1' } });
      const original = await send('/api/v1');
      expect(original.statusCode, original.body).toBe(200);
      const replay = await send('/v2');
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotency-replayed']).toBe('true');
      expect(replay.body).toBe(original.body.replaceAll(TEST_BASE_URL, V2_BASE));
    });

    it('answers conditional requests, preflights, credentials and errors under /v2 as under /api/v1', async () => {
      const { app, token } = await world();
      const first = await app.get('/v2/subjects', token);
      expect((await app.get('/v2/subjects', token, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);
      expect((await app.get('/v2/subjects', token, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
      const preflight = await app.request({
        method: 'OPTIONS',
        url: '/v2/assignments',
        headers: {
          origin: 'https://kanji.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
      const anonymous = await app.get('/v2/user');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Unauthorized. Provide a valid API token.', code: 401 });
      const legacy = await app.get('/v2/user', undefined, { authorization: `Token token=${token}` });
      expect(legacy.statusCode).toBe(200);
      for (const path of ['/v2/nothing', '/v2/reviews/1', '/v2/api/v1/user', '/v2/subjects/1/more']) {
        const res = await app.get(path, token);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      // An unknown path is a 404 with or without a credential, for every method.
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const res = await app.request({ method, url: '/v2/nothing/here' });
        expect(res.statusCode, method).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
      const invalid = await app.post('/v2/reviews', token, {
        assignment_id: 1,
        incorrect_meaning_answers: -1,
        incorrect_reading_answers: 0,
      });
      expect(invalid.statusCode).toBe(422);
    });

    it('keeps the OpenAPI document to one description of each route', async () => {
      const { app } = await world();
      const doc = (await app.get('/api/v1/openapi.json')).json();
      const paths = Object.keys(doc.paths);
      expect(paths).toContain('/user');
      expect(paths.filter((p) => p.startsWith('/v2') || p.startsWith('/api/v1'))).toEqual([]);
    });
  },
  { COMPAT_V2_MOUNT: 'true' },
);

describeEachEngine('The /v2 compatibility mount, off by default', (t) => {
  it('serves no API under /v2', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    expect(app.deps.config.compatV2Mount).toBe(false);
    for (const path of ['/v2/user', '/v2/subjects', '/v2/about']) {
      const res = await app.get(path, token);
      // Whatever else the origin serves there (the web app, or the 404), never the API's bodies.
      expect(res.statusCode === 200 && res.headers['compat-revision'] !== undefined, path).toBe(false);
      expect(res.body, path).not.toContain('"data"');
    }
    expect((await app.get('/api/v1/user', token)).statusCode).toBe(200);
  });
});
