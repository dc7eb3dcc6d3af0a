import { expect, it } from 'vitest';
import { describeEachEngine, TEST_BASE_URL } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';

describeEachEngine('GET /subjects', (t) => {
  const curriculum = [
    radical(1, 1, { slug: 'ground', characters: '一', meaning: 'Ground' }),
    radical(2, 1, { slug: 'mouth', characters: '口', meaning: 'Mouth' }),
    kanji(3, 1, [1], { characters: '一', meaning: 'One', readings: ['いち', 'ひと'] }),
    vocabulary(4, 2, [3], { characters: '一つ', meaning: 'One Thing', readings: ['ひとつ'] }),
    kanaVocabulary(5, 2, { characters: 'ちょっと', meaning: 'A Little' }),
    radical(6, 3, { slug: 'withdrawn', hidden: true }),
  ];

  it('lists every subject with the envelope and per-type fields', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum);
    const { token } = await createLearner(deps);
    const res = await get('/api/v1/subjects', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['compat-revision']).toBe('20170710');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['ratelimit-limit']).toBe('60');
    const body = res.json();
    expect(body).toMatchObject({
      object: 'collection',
      url: `${TEST_BASE_URL}/subjects`,
      pages: { per_page: 1000, next_url: null, previous_url: null },
      total_count: 6,
    });
    expect(body.data.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const [ground, , one, oneThing, little] = body.data;
    expect(ground).toMatchObject({ id: 1, object: 'radical', url: `${TEST_BASE_URL}/subjects/1` });
    expect(ground.data.character_images).toEqual([]);
    expect(ground.data).not.toHaveProperty('readings');
    expect(ground.data).not.toHaveProperty('mnemonic_image_url');
    expect(ground.data.amalgamation_subject_ids).toEqual([3]);
    expect(one.data.readings[0]).toEqual({ reading: 'いち', primary: true, accepted_answer: true, type: 'onyomi' });
    expect(one.data).toHaveProperty('reading_mnemonic', '');
    expect(oneThing.data).toMatchObject({ parts_of_speech: ['noun'], context_sentences: [], pronunciation_audios: [] });
    expect(oneThing.data).not.toHaveProperty('patterns_of_use');
    expect(little.object).toBe('kana_vocabulary');
    expect(little.data).toMatchObject({ parts_of_speech: ['noun'], context_sentences: [], pronunciation_audios: [] });
    expect(body.data_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by ids, types, slugs, levels and hidden; an empty filter is no filter', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum);
    const { token } = await createLearner(deps);
    const ids = async (query: string) => (await get(`/api/v1/subjects?${query}`, token)).json().data.map((s: { id: number }) => s.id);
    expect(await ids('ids=3,1')).toEqual([1, 3]);
    expect(await ids('types=kanji,kana_vocabulary')).toEqual([3, 5]);
    expect(await ids('slugs=ground,mouth')).toEqual([1, 2]);
    expect(await ids('levels=2')).toEqual([4, 5]);
    expect(await ids('hidden=true')).toEqual([6]);
    expect(await ids('hidden=false')).toEqual([1, 2, 3, 4, 5]);
    expect(await ids('hidden=yes')).toEqual([1, 2, 3, 4, 5]);
    expect(await ids('ids=')).toEqual([1, 2, 3, 4, 5, 6]);
    const res = await get('/api/v1/subjects?types=kanji&levels=1', token);
    expect(res.json().total_count).toBe(1);
  });

  it('rejects a bad type or a non-integer id list with 422', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    const bad = await get('/api/v1/subjects?types=hiragana', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      error: 'types must be a comma-separated list of: radical, kanji, vocabulary, kana_vocabulary.',
      code: 422,
    });
    const badIds = await get('/api/v1/subjects?ids=1,x', token);
    expect(badIds.statusCode).toBe(422);
    expect(badIds.json().code).toBe(422);
  });

  it('honours updated_after strictly, ignores an unparseable one, and accepts a future one', async () => {
    const { deps, get, clock } = t();
    await seedSubjects(deps, curriculum.slice(0, 2));
    const first = new Date(clock.now()).toISOString();
    clock.advance(1000);
    await seedSubjects(deps, [radical(1, 1, { slug: 'ground', characters: '一', meaning: 'Floor' }), curriculum[1]!]);
    const { token } = await createLearner(deps);
    const ids = async (query: string) => (await get(`/api/v1/subjects?${query}`, token)).json().data.map((s: { id: number }) => s.id);
    expect(await ids(`updated_after=${first}`)).toEqual([1]);
    expect(await ids('updated_after=not-a-date')).toEqual([1, 2]);
    const future = await get('/api/v1/subjects?updated_after=2099-01-01T00:00:00Z', token);
    expect(future.statusCode).toBe(200);
    expect(future.json()).toMatchObject({ total_count: 0, data: [], data_updated_at: null });
  });

  it('returns one subject and 404 for an unknown id', async () => {
    const { deps, get } = t();
    await seedSubjects(deps, curriculum);
    const { token } = await createLearner(deps);
    const res = await get('/api/v1/subjects/3', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: 3, object: 'kanji', url: `${TEST_BASE_URL}/subjects/3` });
    for (const id of ['999', 'abc']) {
      const missing = await get(`/api/v1/subjects/${id}`, token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: 'Not found', code: 404 });
    }
  });
});
