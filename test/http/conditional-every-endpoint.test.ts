import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { SECOND_MS } from '../../src/shared/time.js';
import { describeEachEngine } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { review, startSubject } from '../support/study.js';

/**
 * Every conditional endpoint, one by one: Last-Modified is data_updated_at rounded up to the second,
 * and If-Modified-Since answers 304 only when data_updated_at, to the millisecond, is at or before
 * the header's instant (see docs/decisions.md, HTTP, Conditional requests). A client whose copy is
 * truncated to the same second as a later change must get that change.
 */
const httpDate = (ms: number) => new Date(ms).toUTCString();
const ceilSecond = (ms: number) => Math.ceil(ms / SECOND_MS) * SECOND_MS;
const floorSecond = (ms: number) => Math.floor(ms / SECOND_MS) * SECOND_MS;

/** The JSON of a response, whatever content coding the server chose. */
function jsonOf(res: LightMyRequestResponse): { data_updated_at: string } {
  const coding = res.headers['content-encoding'];
  const bytes = coding === 'br' ? brotliDecompressSync(res.rawPayload) : coding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
  return JSON.parse(bytes.toString('utf8'));
}

const AUDIO = {
  url: 'https://audio.example.org/1.mp3',
  content_type: 'audio/mpeg',
  metadata: {
    gender: 'female',
    source_id: 1,
    pronunciation: 'よみ',
    voice_actor_id: 1,
    voice_actor_name: 'Kyoko',
    voice_description: 'Tokyo accent',
  },
};

describeEachEngine('If-Modified-Since on every conditional endpoint', (t) => {
  it('answers a copy from earlier in the same second with 200, and its own Last-Modified with 304', async () => {
    const app = t();
    // Every write lands a few milliseconds into a second.
    app.clock.set('2026-11-23T07:34:50.038Z');
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1), kanji(3, 1, [1, 2]), vocabulary(4, 1, [3], { audios: [AUDIO] })]);
    const { token, userId } = await createLearner(app.deps);
    const started = await startSubject(app, token, 1);
    await review(app, token, started.id, 1, 0);
    const material = (await app.post('/api/v1/study_materials', token, { subject_id: 1, meaning_note: 'a' })).json();
    const now = app.clock.now();
    await app.deps.db.kysely
      .insertInto('resets')
      .values({ user_id: userId, original_level: 2, target_level: 1, confirmed_at: now, created_at: now, updated_at: now })
      .execute();
    const reset = await app.deps.db.kysely.selectFrom('resets').select('id').executeTakeFirstOrThrow();
    const one = async (collection: string) => (await app.get(`/api/v1${collection}`, token)).json().data[0].id as number;

    const paths = [
      '/user',
      '/summary',
      '/subjects',
      '/subjects?types=radical',
      '/subjects/1',
      '/assignments',
      `/assignments/${started.id}`,
      '/review_statistics',
      `/review_statistics/${await one('/review_statistics')}`,
      '/study_materials',
      `/study_materials/${material.id}`,
      '/level_progressions',
      `/level_progressions/${await one('/level_progressions')}`,
      '/resets',
      `/resets/${reset.id}`,
      '/voice_actors',
      '/voice_actors/1',
      '/spaced_repetition_systems',
      '/spaced_repetition_systems/1',
      '/days_studied',
    ];
    let withinASecond = 0;
    for (const path of paths) {
      for (const encoding of ['identity', 'br, gzip']) {
        const headers = { 'accept-encoding': encoding };
        const first = await app.get(`/api/v1${path}`, token, headers);
        expect(first.statusCode, path).toBe(200);
        const updatedAt = Date.parse(jsonOf(first).data_updated_at);
        expect(first.headers['last-modified'], path).toBe(httpDate(ceilSecond(updatedAt)));
        const echoed = await app.get(`/api/v1${path}`, token, { ...headers, 'if-modified-since': String(first.headers['last-modified']) });
        expect(echoed.statusCode, `${path} echoing Last-Modified`).toBe(304);
        if (updatedAt % SECOND_MS === 0) continue;
        withinASecond += 1;
        const truncated = await app.get(`/api/v1${path}`, token, { ...headers, 'if-modified-since': httpDate(floorSecond(updatedAt)) });
        expect(truncated.statusCode, `${path} since ${httpDate(floorSecond(updatedAt))}`).toBe(200);
        expect(truncated.rawPayload.equals(first.rawPayload), path).toBe(true);
      }
    }
    // Only the SRS systems (seeded on a whole second) and /days_studied (the start of a day) are exempt.
    expect(withinASecond).toBe((paths.length - 3) * 2);

    // The dashboard carries validators but never answers 304: its figures move with the clock.
    const dashboard = await app.get('/api/v1/dashboard', token);
    expect(dashboard.statusCode).toBe(200);
    const again = await app.get('/api/v1/dashboard', token, {
      'if-modified-since': String(dashboard.headers['last-modified']),
      'if-none-match': String(dashboard.headers.etag),
    });
    expect(again.statusCode).toBe(200);
  });
});
