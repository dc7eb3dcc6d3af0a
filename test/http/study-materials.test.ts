import { expect, it } from 'vitest';
import { describeEachEngine, TEST_BASE_URL } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects } from '../support/factories.js';

describeEachEngine('study materials', (t) => {
  async function setUp() {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(2, 1, [1]), radical(3, 2, { hidden: true })]);
    return { app, alice: await createLearner(app.deps, 'alice'), bob: await createLearner(app.deps, 'bob') };
  }

  it('creates with the server filling subject_type, bare or wrapped, and lists and gets it', async () => {
    const { app, alice } = await setUp();
    const created = await app.post('/api/v1/study_materials', alice.token, {
      study_material: { subject_id: 2, meaning_note: 'one line', meaning_synonyms: [' flat ', 'flat', 'level'] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      object: 'study_material',
      url: `${TEST_BASE_URL}/study_materials/${created.json().id}`,
      data: {
        subject_id: 2,
        subject_type: 'kanji',
        meaning_note: 'one line',
        reading_note: '',
        meaning_synonyms: ['flat', 'level'],
        hidden: false,
      },
    });
    const bare = await app.post('/api/v1/study_materials', alice.token, { subject_id: 1, reading_note: 'r' });
    expect(bare.json().data).toMatchObject({ subject_type: 'radical', reading_note: 'r', meaning_note: '', meaning_synonyms: [] });
    const list = await app.get('/api/v1/study_materials?subject_types=kanji', alice.token);
    expect(list.json().data.map((m: { data: { subject_id: number } }) => m.data.subject_id)).toEqual([2]);
    expect((await app.get('/api/v1/study_materials?subject_ids=1', alice.token)).json().total_count).toBe(1);
    expect((await app.get(`/api/v1/study_materials/${bare.json().id}`, alice.token)).json().data.reading_note).toBe('r');
  });

  it('carries hidden from the subject and filters on it', async () => {
    const { app, alice } = await setUp();
    await app.post('/api/v1/study_materials', alice.token, { subject_id: 3 });
    await app.post('/api/v1/study_materials', alice.token, { subject_id: 1 });
    const hidden = await app.get('/api/v1/study_materials?hidden=true', alice.token);
    expect(hidden.json().data.map((m: { data: { subject_id: number } }) => m.data.subject_id)).toEqual([3]);
  });

  it('refuses an unknown subject and a second material for a subject, even when posted at once', async () => {
    const { app, alice } = await setUp();
    const missing = await app.post('/api/v1/study_materials', alice.token, { subject_id: 999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: 'Subject not found.', code: 422 });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => app.post('/api/v1/study_materials', alice.token, { subject_id: 1, meaning_note: 'x' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    for (const r of results.filter((r) => r.statusCode === 422)) {
      expect(r.json()).toEqual({ error: 'A study material already exists for this subject.', code: 422 });
    }
    expect((await app.get('/api/v1/study_materials', alice.token)).json().total_count).toBe(1);
  });

  it('updates only what is sent: null clears a note, [] clears synonyms', async () => {
    const { app, alice } = await setUp();
    const id = (
      await app.post('/api/v1/study_materials', alice.token, {
        subject_id: 2,
        meaning_note: 'm',
        reading_note: 'r',
        meaning_synonyms: ['a'],
      })
    ).json().id;
    let res = await app.put(`/api/v1/study_materials/${id}`, alice.token, { study_material: { reading_note: 'new' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ meaning_note: 'm', reading_note: 'new', meaning_synonyms: ['a'] });
    res = await app.put(`/api/v1/study_materials/${id}`, alice.token, { meaning_note: null, meaning_synonyms: [] });
    expect(res.json().data).toMatchObject({ meaning_note: '', reading_note: 'new', meaning_synonyms: [] });
  });

  it('validates types and sizes, and keeps another user’s material out of reach', async () => {
    const { app, alice, bob } = await setUp();
    const id = (await app.post('/api/v1/study_materials', alice.token, { subject_id: 2 })).json().id;
    const bad: object[] = [
      { subject_id: 'two' },
      { subject_id: 1, meaning_note: 5 },
      { subject_id: 1, meaning_note: 'x'.repeat(5001) },
      { subject_id: 1, meaning_synonyms: 'flat' },
      { subject_id: 1, meaning_synonyms: Array.from({ length: 17 }, (_, i) => `s${i}`) },
      { subject_id: 1, meaning_synonyms: ['y'.repeat(65)] },
      {},
    ];
    for (const body of bad) {
      const res = await app.post('/api/v1/study_materials', alice.token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().code).toBe(422);
    }
    expect((await app.put(`/api/v1/study_materials/${id}`, alice.token, { meaning_synonyms: [3] })).statusCode).toBe(422);
    expect((await app.get('/api/v1/study_materials', alice.token)).json().total_count).toBe(1);
    expect((await app.put(`/api/v1/study_materials/${id}`, bob.token, { meaning_note: 'mine' })).statusCode).toBe(404);
    expect((await app.get(`/api/v1/study_materials/${id}`, bob.token)).statusCode).toBe(404);
    expect((await app.get(`/api/v1/study_materials/${id}`, alice.token)).json().data.meaning_note).toBe('');
  });
});
