import { expect, it } from 'vitest';
import { describeEachEngine, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects, vocabulary, type SubjectSpec } from '../support/factories.js';

const curriculum: SubjectSpec[] = [
  radical(1, 1, { slug: 'ground', characters: '一', meaning: 'Ground' }),
  kanji(2, 1, [1], { slug: 'one', characters: '一', meanings: ['One', 'Single'], readings: ['いち', 'ひと'] }),
  kanji(3, 2, [1], { slug: 'two', characters: '二', meaning: 'Two', readings: ['に'] }),
  vocabulary(4, 2, [2], { slug: 'one-thing', characters: '一つ', meaning: 'One Thing', readings: ['ひとつ'] }),
  vocabulary(5, 1, [2], { slug: 'alone', characters: '一人', meaning: 'Alone', readings: ['ひとり'] }),
  kanaVocabulary(6, 3, { slug: 'terebi', characters: 'テレビ', meaning: 'Television' }),
  radical(7, 3, { slug: 'someone', characters: null, meaning: 'Someone' }),
  kanji(8, 1, [1], { slug: 'one-formal', characters: '壱', meaning: 'One', readings: ['いち'], hidden: true }),
  vocabulary(9, 3, [2], { slug: 'one-day', characters: '一日', meaning: 'One Day', readings: ['いちにち'] }),
  vocabulary(10, 1, [2], { slug: 'oneself', characters: '一自', meaning: 'Oneself', readings: ['いちじ'] }),
  radical(11, 2, { slug: 'barb', characters: '亅', meaning: 'Fishhook' }),
  vocabulary(12, 5, [2], { slug: 'long', characters: '一長', meaning: 'q'.repeat(64), readings: ['ながい'] }),
];

async function search(app: TestApp, token: string, query: string) {
  const res = await app.get(`/api/v1/search?${query}`, token);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as { object: string; url: string; data_updated_at: null; total_count: number; data: { id: number }[] };
}

describeEachEngine('GET /search', (t) => {
  async function seeded(): Promise<string> {
    await seedSubjects(t().deps, curriculum);
    return (await createLearner(t().deps)).token;
  }
  const ids = async (token: string, query: string) => (await search(t(), token, query)).data.map((h) => h.id);

  it('answers a report of hits with the contract’s fields', async () => {
    const token = await seeded();
    const body = await search(t(), token, 'q=one');
    expect(Object.keys(body)).toEqual(['object', 'url', 'data_updated_at', 'total_count', 'data']);
    expect(body).toMatchObject({ object: 'report', url: `${TEST_BASE_URL}/search?q=one`, data_updated_at: null });
    expect(body.data[0]).toEqual({
      id: 2,
      object: 'kanji',
      level: 1,
      characters: '一',
      slug: 'one',
      meanings: ['One', 'Single'],
      reading: 'いち',
    });
    const someone = body.data.find((h) => h.id === 7);
    expect(someone).toEqual({ id: 7, object: 'radical', level: 3, characters: null, slug: 'someone', meanings: ['Someone'], reading: '' });
    const tv = (await search(t(), token, 'q=television')).data[0];
    expect(tv).toEqual({
      id: 6,
      object: 'kana_vocabulary',
      level: 3,
      characters: 'テレビ',
      slug: 'terebi',
      meanings: ['Television'],
      reading: 'テレビ',
    });
  });

  it('ranks exact, then starts-with, then contains; lower level first within each', async () => {
    const token = await seeded();
    // exact: 2 (L1) | starts-with: 10 (L1), 4 (L2), 9 (L3) | contains: 5 "alone" (L1), 7 "someone" (L3)
    expect(await ids(token, 'q=one')).toEqual([2, 10, 4, 9, 5, 7]);
    expect((await search(t(), token, 'q=one')).total_count).toBe(6);
  });

  it('matches meanings case-insensitively', async () => {
    const token = await seeded();
    expect(await ids(token, 'q=ONE')).toEqual([2, 10, 4, 9, 5, 7]);
    expect(await ids(token, 'q=FishHook')).toEqual([11]);
  });

  it('matches characters, readings and the slug', async () => {
    const token = await seeded();
    // Characters: exact 1 and 2 (both L1, by id), then starts-with by level.
    expect(await ids(token, `q=${encodeURIComponent('一')}`)).toEqual([1, 2, 5, 10, 4, 9, 12]);
    expect(await ids(token, `q=${encodeURIComponent('一つ')}`)).toEqual([4]);
    // Readings: exact ひと (2), then ひとり (L1) and ひとつ (L2).
    expect(await ids(token, `q=${encodeURIComponent('ひと')}`)).toEqual([2, 5, 4]);
    // Slug only: the radical's meaning is Fishhook.
    expect(await ids(token, 'q=barb')).toEqual([11]);
  });

  it('converts romaji to hiragana and katakana (see docs/decisions.md, Search romaji)', async () => {
    const token = await seeded();
    expect(await ids(token, 'q=ichi')).toEqual([2, 10, 9]);
    expect(await ids(token, 'q=ICHI')).toEqual([2, 10, 9]);
    expect(await ids(token, 'q=ni')).toEqual([3, 9]);
    expect(await ids(token, 'q=tere')).toEqual([6]);
    expect(await ids(token, 'q=hitotsu')).toEqual([4]);
  });

  it('returns nothing for a lone Latin letter or a lone kana, but searches a lone kanji', async () => {
    const token = await seeded();
    for (const q of ['o', 'O', ' e ', encodeURIComponent('ひ')]) {
      const body = await search(t(), token, `q=${q}`);
      expect(body.total_count, q).toBe(0);
      expect(body.data, q).toEqual([]);
    }
    expect(await ids(token, `q=${encodeURIComponent('二')}`)).toEqual([3]);
  });

  it('trims q and cuts it to 64 characters', async () => {
    const token = await seeded();
    expect(await ids(token, `q=${encodeURIComponent('   Television \t')}`)).toEqual([6]);
    // 64 q's match subject 12 exactly; the tail beyond 64 characters is ignored.
    expect(await ids(token, `q=${'q'.repeat(64)}zzz`)).toEqual([12]);
    expect(await ids(token, `q=${'q'.repeat(63)}z`)).toEqual([]);
  });

  it('never shows hidden subjects', async () => {
    const token = await seeded();
    for (const q of ['one', 'ichi', encodeURIComponent('壱'), 'one-formal']) {
      expect(await ids(token, `q=${q}`), q).not.toContain(8);
    }
    expect((await search(t(), token, `q=${encodeURIComponent('壱')}`)).total_count).toBe(0);
  });

  it('returns 12 hits by default and at most 30, with total_count counting every match', async () => {
    const { deps } = t();
    const trees = Array.from({ length: 40 }, (_, i) => radical(100 + i, (i % 5) + 1, { slug: `tree-${i}`, meaning: `Tree ${i}` }));
    await seedSubjects(deps, trees);
    const { token } = await createLearner(deps);
    const byDefault = await search(t(), token, 'q=tree');
    expect(byDefault.total_count).toBe(40);
    expect(byDefault.data).toHaveLength(12);
    // Level 1 first (ids 100, 105, ...), then level 2.
    expect(byDefault.data.map((h) => h.id)).toEqual([100, 105, 110, 115, 120, 125, 130, 135, 101, 106, 111, 116]);
    expect((await search(t(), token, 'q=tree&limit=5')).data).toHaveLength(5);
    expect((await search(t(), token, 'q=tree&limit=30')).data).toHaveLength(30);
    expect((await search(t(), token, 'q=tree&limit=1000')).data).toHaveLength(30);
    const bad = await t().get('/api/v1/search?q=tree&limit=many', token);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ error: 'limit must be an integer.', code: 422 });
  });

  it('treats % and _ in the query as themselves', async () => {
    const token = await seeded();
    expect(await ids(token, 'q=%25%25')).toEqual([]);
    expect(await ids(token, 'q=__')).toEqual([]);
  });

  it('answers 422 when q is missing, and 401 without a credential', async () => {
    const token = await seeded();
    const missing = await t().get('/api/v1/search', token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ error: 'q is required.', code: 422 });
    expect((await t().get('/api/v1/search?limit=3', token)).statusCode).toBe(422);
    expect((await t().get('/api/v1/search?q=one')).statusCode).toBe(401);
  });
});
