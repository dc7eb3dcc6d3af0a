import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects, vocabulary, type SubjectSpec } from '../support/factories.js';
import { BUNDLED_CONTENT_PATH } from '../../src/cli/bundled-content.js';
import { readSubjectDump } from '../../src/content/read-dump.js';
import { importSubjects } from '../../src/services/content.js';
import * as reference from '../support/reference-shapes.js';
import { burn, pass, review, startSubject } from '../support/study.js';

/**
 * Conformance: every body a learner with history gets from the server, through every reference
 * endpoint, matches the reference API's shapes (test/support/reference-shapes.ts, written from the
 * reference's documentation and live bodies, independent of our own schemas).
 */

type Route = { schema: z.ZodType; kind: string };

const COLLECTION_PATHS = Object.keys(reference.collections) as (keyof typeof reference.collections)[];

/** The reference shape of a response, by method and path; null for app-specific endpoints. */
function shapeOf(method: string, url: string, status: number): Route | null {
  const path = url.replace(/^\/api\/v1/, '').split('?')[0]!;
  if (status >= 400) return { schema: reference.error, kind: `error ${status}` };
  if (method === 'GET') {
    for (const collection of COLLECTION_PATHS) {
      if (path === collection) return { schema: reference.collections[collection], kind: `GET ${collection}` };
      if (new RegExp(`^${collection}/\\d+$`).test(path)) return { schema: reference.resources[collection], kind: `GET ${collection}/{id}` };
    }
    if (path === '/user') return { schema: reference.user, kind: 'GET /user' };
    if (path === '/summary') return { schema: reference.summary, kind: 'GET /summary' };
  }
  if (method === 'PUT' && path === '/user') return { schema: reference.user, kind: 'PUT /user' };
  if (method === 'PUT' && /^\/assignments\/\d+\/start$/.test(path))
    return { schema: reference.assignment, kind: 'PUT /assignments/{id}/start' };
  if (method === 'POST' && path === '/reviews') return { schema: reference.createdReview, kind: 'POST /reviews' };
  if (method === 'POST' && path === '/study_materials') return { schema: reference.studyMaterial, kind: 'POST /study_materials' };
  if (method === 'PUT' && /^\/study_materials\/\d+$/.test(path))
    return { schema: reference.studyMaterial, kind: 'PUT /study_materials/{id}' };
  return null;
}

interface Checked {
  kind: string;
  label: string;
  problems: string[];
}

/** A TestApp whose every response is checked against its reference shape as it arrives. */
function checking(app: TestApp): { t: TestApp; checked: Checked[] } {
  const checked: Checked[] = [];
  const record = (method: string, url: string, res: LightMyRequestResponse) => {
    const shape = shapeOf(method, url, res.statusCode);
    if (shape === null || res.statusCode === 304) return res;
    const body: unknown = res.json();
    const problems = reference.problems(shape.schema, body);
    if (res.statusCode >= 400 && (body as { code?: unknown }).code !== res.statusCode)
      problems.push(`code is not the status ${res.statusCode}`);
    checked.push({ kind: shape.kind, label: `${method} ${url} -> ${res.statusCode}`, problems });
    return res;
  };
  const t: TestApp = {
    ...app,
    request: async (options) => record(String(options.method ?? 'GET'), String(options.url), await app.request(options)),
    get: async (url, token, headers) => record('GET', url, await app.get(url, token, headers)),
    put: async (url, token, body) => record('PUT', url, await app.put(url, token, body)),
    post: async (url, token, body) => record('POST', url, await app.post(url, token, body)),
    delete: async (url, token, body) => record('DELETE', url, await app.delete(url, token, body)),
  };
  return { t, checked };
}

const KYOKO = { id: 1, name: 'Kyoko', gender: 'female', description: 'Tokyo accent' };
const KENICHI = { id: 2, name: 'Kenichi', gender: 'male', description: 'Tokyo accent' };
const recording = (voice: typeof KYOKO, sourceId: number, contentType: string) => ({
  url: `https://audio.example.org/${sourceId}`,
  content_type: contentType,
  metadata: {
    gender: voice.gender,
    source_id: sourceId,
    pronunciation: 'よみ',
    voice_actor_id: voice.id,
    voice_actor_name: voice.name,
    voice_description: voice.description,
  },
});

/** Level 1: radicals 1, 2, 6, 7, kanji 3, vocabulary 4, kana vocabulary 5; level 2: radical 8 and kanji 9. */
const CONTENT: SubjectSpec[] = [
  radical(1, 1),
  radical(2, 1),
  kanji(3, 1, [1, 2]),
  vocabulary(4, 1, [3], { audios: [recording(KYOKO, 10, 'audio/mpeg'), recording(KENICHI, 11, 'audio/webm')] }),
  kanaVocabulary(5, 1, { characters: 'ちょっと', audios: [recording(KYOKO, 12, 'audio/ogg')] }),
  radical(6, 1),
  radical(7, 1, { characters: null }),
  radical(8, 2),
  kanji(9, 2, [8]),
];

describeEachEngine('Conformance of every reference body to the reference shapes', (t) => {
  it('a learner with history gets only reference-shaped bodies: every subject type, assignment state, write answer and error', async () => {
    const { t: app, checked } = checking(t());
    await seedSubjects(app.deps, CONTENT);
    const { token, userId } = await createLearner(app.deps);

    // Assignments in every state: passed, burned, resurrected, in review after a mistake, hidden,
    // lessons (stage 0) and a level-up with its progressions.
    await pass(app, token, 1);
    await pass(app, token, 2);
    await pass(app, token, 3);
    await burn(app, token, 1);
    await burn(app, token, 2);
    expect((await app.post('/api/v1/burn_manager', token, { action: 'resurrect', subject_ids: [2] })).statusCode).toBe(200);
    const kana = await startSubject(app, token, 5);
    await review(app, token, kana.id, 2, 0);
    const vocab = await startSubject(app, token, 4);
    await review(app, token, vocab.id, 1, 1);
    await startSubject(app, token, 6);
    app.clock.advance(60_000);
    await seedSubjects(app.deps, [{ ...CONTENT[5]!, hidden: true }]);

    // Study materials set, never set and cleared.
    const set = (
      await app.post('/api/v1/study_materials', token, {
        subject_id: 3,
        meaning_note: 'one',
        reading_note: 'ichi',
        meaning_synonyms: ['single'],
      })
    ).json();
    await app.post('/api/v1/study_materials', token, { study_material: { subject_id: 4, meaning_synonyms: ['first'] } });
    await app.put(`/api/v1/study_materials/${set.id}`, token, { meaning_note: null, reading_note: null });
    await app.post('/api/v1/study_materials', token, { subject_id: 5, meaning_note: 'a little' });

    // A reset (no endpoint makes one; the row is what a reset leaves).
    const now = app.clock.now();
    await app.deps.db.kysely
      .insertInto('resets')
      .values({ user_id: userId, original_level: 2, target_level: 1, confirmed_at: now, created_at: now, updated_at: now })
      .execute();

    // The account, written and read.
    await app.put('/api/v1/user', token, {
      user: { preferences: { lessons_batch_size: 3, reviews_presentation_order: 'lower_levels_first', default_voice_actor_id: 2 } },
    });
    await app.get('/api/v1/user', token);
    await app.get('/api/v1/summary', token);

    // Every collection, and every resource it lists, one by one.
    for (const path of COLLECTION_PATHS) {
      const page = (await app.get(`/api/v1${path}`, token)).json();
      for (const item of page.data as { id: number }[]) await app.get(`/api/v1${path}/${item.id}`, token);
      // An empty page of the same collection (nothing after the newest change).
      await app.get(`/api/v1${path}?updated_after=2099-01-01T00:00:00Z`, token);
    }
    await app.get('/api/v1/subjects?types=kana_vocabulary,radical&levels=1', token);
    await app.get('/api/v1/assignments?immediately_available_for_lessons', token);
    await app.get('/api/v1/assignments?burned=true', token);

    // Errors: no credential, unknown ids and routes, refused writes.
    await app.get('/api/v1/user');
    await app.get('/api/v1/assignments', 'not-a-token');
    await app.get('/api/v1/subjects/424242', token);
    await app.get('/api/v1/reviews/1', token);
    await app.get('/api/v1/nothing-here', token);
    await app.post('/api/v1/reviews', token, { assignment_id: kana.id, incorrect_meaning_answers: -1, incorrect_reading_answers: 0 });
    await app.put(`/api/v1/assignments/${kana.id}/start`, token);
    await app.post('/api/v1/study_materials', token, { subject_id: 3 });
    await app.put('/api/v1/user', token, { timezone: 'Mars/Olympus' });
    await app.request({
      method: 'POST',
      url: '/api/v1/reviews',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"review":',
    });

    expect(checked.length).toBeGreaterThan(80);
    expect(checked.filter((c) => c.problems.length > 0)).toEqual([]);

    // The states this walk was meant to produce are all there.
    const assignments = (await app.get('/api/v1/assignments', token)).json().data.map((a: { data: Record<string, unknown> }) => a.data);
    const states = new Set(
      assignments.map((a: Record<string, unknown>) =>
        a.hidden
          ? 'hidden'
          : a.resurrected_at
            ? 'resurrected'
            : a.srs_stage === 9
              ? 'burned'
              : a.srs_stage === 0
                ? 'lesson'
                : Number(a.srs_stage) >= 5
                  ? 'passed'
                  : 'apprentice',
      ),
    );
    expect([...states].sort()).toEqual(['apprentice', 'burned', 'hidden', 'lesson', 'passed', 'resurrected']);
    const subjectTypes = new Set((await app.get('/api/v1/subjects', token)).json().data.map((s: { object: string }) => s.object));
    expect([...subjectTypes].sort()).toEqual([...reference.SUBJECT_TYPES].sort());
    const materials = (await app.get('/api/v1/study_materials', token))
      .json()
      .data.map((m: { data: { meaning_note: string } }) => m.data.meaning_note);
    expect(materials).toEqual(expect.arrayContaining(['', 'a little']));
    expect((await app.get('/api/v1/level_progressions', token)).json().total_count).toBe(2);
    expect((await app.get('/api/v1/voice_actors', token)).json().total_count).toBe(2);

    const kinds = new Set(checked.map((c) => c.kind));
    for (const kind of [
      ...COLLECTION_PATHS.map((p) => `GET ${p}`),
      ...COLLECTION_PATHS.filter((p) => p !== '/reviews').map((p) => `GET ${p}/{id}`),
      'GET /user',
      'PUT /user',
      'GET /summary',
      'PUT /assignments/{id}/start',
      'POST /reviews',
      'POST /study_materials',
      'PUT /study_materials/{id}',
      'error 401',
      'error 404',
      'error 422',
    ]) {
      expect(kinds.has(kind), `no ${kind} body was checked`).toBe(true);
    }
  }, 120_000);

  it('every subject of the bundled curriculum is reference-shaped, page by page as clients sync them', async () => {
    const app = t();
    const imported = await importSubjects(app.deps, await readSubjectDump(BUNDLED_CONTENT_PATH));
    expect(imported.ok).toBe(true);
    const { token } = await createLearner(app.deps);
    const failures: string[] = [];
    const seen = new Map<string, number>();
    let link: string | null = '/subjects?page_after_id=-1';
    while (link !== null) {
      const res = await app.get(`/api/v1${link}`, token);
      expect(res.statusCode, link).toBe(200);
      const page = res.json();
      failures.push(...reference.problems(reference.collections['/subjects'], page).map((p) => `${link} ${p}`));
      for (const s of page.data as { object: string }[]) seen.set(s.object, (seen.get(s.object) ?? 0) + 1);
      link =
        page.pages.next_url === null
          ? null
          : new URL(page.pages.next_url).pathname.replace(/^\/api\/v1/, '') + new URL(page.pages.next_url).search;
    }
    expect(failures).toEqual([]);
    expect([...seen.keys()].sort()).toEqual([...reference.SUBJECT_TYPES].sort());
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(9000);
  }, 180_000);
});

describe('The reference shapes themselves', () => {
  /** A user report as the reference documents it (our own values, no publisher content). */
  const referenceUser = () => ({
    object: 'user',
    url: 'https://study.example.org/api/v1/user',
    data_updated_at: '2026-11-21T10:30:00.000000Z',
    data: {
      id: '5a6a5234-a392-4a87-8f3f-33342afe8a42',
      username: 'learner',
      level: 5,
      profile_url: 'https://study.example.org/users/learner',
      started_at: '2026-01-01T00:00:00.000Z',
      current_vacation_started_at: null,
      subscription: { active: true, type: 'lifetime', max_level_granted: 60, period_ends_at: null },
      preferences: {
        default_voice_actor_id: 1,
        extra_study_autoplay_audio: false,
        lessons_autoplay_audio: false,
        lessons_batch_size: 5,
        lessons_presentation_order: 'ascending_level_then_subject',
        reviews_autoplay_audio: false,
        reviews_display_srs_indicator: true,
        reviews_presentation_order: 'shuffled',
      },
    },
  });
  const referenceMaterial = () => ({
    id: 7,
    object: 'study_material',
    url: 'https://study.example.org/api/v1/study_materials/7',
    data_updated_at: '2026-11-21T10:30:00.000Z',
    data: {
      created_at: '2026-11-21T10:30:00.000Z',
      subject_id: 1,
      subject_type: 'radical',
      meaning_note: '',
      reading_note: 'a note',
      meaning_synonyms: [],
      hidden: false,
    },
  });

  it('accept reference-shaped bodies, with extra app-specific fields', () => {
    expect(reference.problems(reference.user, referenceUser())).toEqual([]);
    const extended = referenceUser();
    Object.assign(extended.data, { timezone: 'Asia/Tokyo' });
    expect(reference.problems(reference.user, extended)).toEqual([]);
    expect(reference.problems(reference.studyMaterial, referenceMaterial())).toEqual([]);
  });

  it('reject a null where the reference has a string', () => {
    const user = referenceUser();
    (user.data as Record<string, unknown>).profile_url = null;
    expect(reference.problems(reference.user, user)).toEqual([expect.stringMatching(/^data\.profile_url: /)]);
    for (const note of ['meaning_note', 'reading_note']) {
      const material = referenceMaterial();
      (material.data as Record<string, unknown>)[note] = null;
      expect(reference.problems(reference.studyMaterial, material)).toEqual([expect.stringMatching(new RegExp(`^data\\.${note}: `))]);
    }
  });

  it('reject values outside the reference’s enumerations and missing reference fields', () => {
    const user = referenceUser();
    user.data.preferences.reviews_presentation_order = 'apprentice_first';
    expect(reference.problems(reference.user, user)).toEqual([expect.stringMatching(/^data\.preferences\.reviews_presentation_order: /)]);
    const withoutVoice = referenceUser();
    delete (withoutVoice.data.preferences as Record<string, unknown>).default_voice_actor_id;
    expect(reference.problems(reference.user, withoutVoice)).toEqual([
      expect.stringMatching(/^data\.preferences\.default_voice_actor_id: /),
    ]);
  });
});
