import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { expect, it } from 'vitest';
import { connect } from '../../src/db/connect.js';
import { itemSpreadSchema } from '../../src/http/routes/item-spread/schema.js';
import { describeEachEngine, T0 } from '../support/app.js';
import { kanaVocabulary, kanji, radical, seedSubjects, vocabulary, type SubjectSpec } from '../support/factories.js';
import { assignmentIdOf, learnerAt, lessonAt } from '../support/screens.js';
import { burn, pass, review } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();

const SUBJECTS: SubjectSpec[] = [
  radical(1, 1, { meanings: ['Ground', 'Floor'] }),
  radical(50, 1),
  radical(60, 1),
  kanji(10, 1, [1]),
  vocabulary(20, 1, [10]),
  kanaVocabulary(30, 1, { characters: 'ああ' }),
  kanaVocabulary(31, 1),
  radical(5, 2, { characters: null, slug: 'stick' }),
];

interface Cell {
  key: string;
  label: string;
  total: number;
  items: { id: number; object: string; data: { slug: string; level: number; characters: string | null; meanings: unknown[] } }[];
}

describeEachEngine('GET /item_spread', (t) => {
  it('places every started, visible item in its stage group and type group, by level then id', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), SUBJECTS);
    await pass(app, token, 1); // stage 5; kanji 10 unlocks
    await pass(app, token, 10); // level 2 opens: radical 5 unlocks
    for (let i = 0; i < 2; i += 1) await review(app, token, await assignmentIdOf(app, token, 1)); // master (7)
    for (let i = 0; i < 3; i += 1) await review(app, token, await assignmentIdOf(app, token, 10)); // enlightened (8)
    await lessonAt(app, token, 5, iso(T0));
    await lessonAt(app, token, 50, iso(T0));
    await review(app, token, await lessonAt(app, token, 20, iso(T0))); // apprentice (2)
    await burn(app, token, 30);
    await lessonAt(app, token, 31, iso(T0));
    await seedSubjects(app.deps, [kanaVocabulary(31, 1, { hidden: true })]); // withdrawn: out of the spread

    const res = await app.get('/api/v1/item_spread', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    const { data } = res.json();
    expect(data.total).toBe(6);
    expect(data.buckets.map((b: { key: string; label: string; total: number }) => [b.key, b.label, b.total])).toEqual([
      ['apprentice', 'Apprentice', 3],
      ['guru', 'Guru', 0],
      ['master', 'Master', 1],
      ['enlightened', 'Enlightened', 1],
      ['burned', 'Burned', 1],
    ]);
    const cells = (bucket: number): Record<string, number[]> =>
      Object.fromEntries(data.buckets[bucket].types.map((c: Cell) => [c.key, c.items.map((i) => i.id)]));
    for (const bucket of data.buckets) {
      expect(bucket.types.map((c: Cell) => [c.key, c.label])).toEqual([
        ['radical', 'Radicals'],
        ['kanji', 'Kanji'],
        ['vocabulary', 'Vocabulary'],
      ]);
      for (const cell of bucket.types as Cell[]) expect(cell.total).toBe(cell.items.length);
    }
    // Level before id: radical 50 (level 1) ahead of radical 5 (level 2).
    expect(cells(0)).toEqual({ radical: [50, 5], kanji: [], vocabulary: [20] });
    expect(cells(1)).toEqual({ radical: [], kanji: [], vocabulary: [] });
    expect(cells(2)).toEqual({ radical: [1], kanji: [], vocabulary: [] });
    expect(cells(3)).toEqual({ radical: [], kanji: [10], vocabulary: [] });
    expect(cells(4)).toEqual({ radical: [], kanji: [], vocabulary: [30] });

    expect(data.buckets[2].types[0].items[0]).toEqual({
      id: 1,
      object: 'radical',
      data: {
        slug: 'radical-1',
        level: 1,
        characters: String.fromCodePoint(0x4e01),
        meanings: [
          { meaning: 'Ground', primary: true },
          { meaning: 'Floor', primary: false },
        ],
      },
    });
    expect(data.buckets[0].types[0].items[1].data).toMatchObject({ slug: 'stick', level: 2, characters: null });
    // kana_vocabulary sits with vocabulary but keeps its own object.
    expect(data.buckets[4].types[2].items[0]).toMatchObject({ id: 30, object: 'kana_vocabulary', data: { characters: 'ああ' } });

    // The dashboard's counts are the same matrix.
    const dashboard = (await app.get('/api/v1/dashboard', token)).json().data.item_spread;
    expect(dashboard).toEqual({
      apprentice: { radical: 2, kanji: 0, vocabulary: 1, total: 3 },
      guru: { radical: 0, kanji: 0, vocabulary: 0, total: 0 },
      master: { radical: 1, kanji: 0, vocabulary: 0, total: 1 },
      enlightened: { radical: 0, kanji: 1, vocabulary: 0, total: 1 },
      burned: { radical: 0, kanji: 0, vocabulary: 1, total: 1 },
    });
  });

  it('is byte for byte what the schema serializer makes of the same data, text of every kind included', async () => {
    const app = t();
    const awkward = ['Say "hi"', 'back\\slash', 'tab\tnew\nline', '\u0001control', 'line\u2028separator', 'ü ñ 😀', '</script>'];
    const subjects = [
      ...SUBJECTS,
      radical(70, 1, { meanings: awkward, characters: '"\\' }),
      radical(71, 1, { meanings: ['Plain'], characters: null, slug: 'a "slug"' }),
    ];
    const { token } = await learnerAt(app, iso(T0), subjects);
    await pass(app, token, 1);
    await burn(app, token, 30);
    for (const id of [50, 70, 71]) await lessonAt(app, token, id, iso(T0));
    // The route's serializer as the app compiles it (src/app.ts: formats not validated when serialising).
    const serialize = SerializerSelector()(undefined, { ajv: { validateFormats: false } })({
      schema: itemSpreadSchema.response[200],
      method: 'GET',
      url: '/item_spread',
      httpStatus: '200',
    });
    for (const round of ['first', 'served again'] as const) {
      const res = await app.get('/api/v1/item_spread', token);
      expect(res.headers['content-type'], round).toBe('application/json; charset=utf-8');
      const body = res.json();
      expect(body.data.total, round).toBe(5);
      expect(res.rawPayload.equals(Buffer.from(serialize(body))), round).toBe(true);
    }
  });

  it('always has five buckets of three groups, empty for a new account', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), SUBJECTS);
    const { data } = (await app.get('/api/v1/item_spread', token)).json();
    expect(data.total).toBe(0);
    expect(data.buckets).toHaveLength(5);
    for (const bucket of data.buckets) expect(bucket.types.map((c: Cell) => c.items.length)).toEqual([0, 0, 0]);
    expect((await app.get('/api/v1/item_spread')).statusCode).toBe(401);
  });

  it('moves a resurrected item back to apprentice and shows only the caller’s items', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), SUBJECTS);
    await burn(app, token, 50);
    const resurrected = await app.post('/api/v1/burn_manager', token, { action: 'resurrect', subject_ids: [50] });
    expect(resurrected.statusCode, resurrected.body).toBe(200);
    const { data } = (await app.get('/api/v1/item_spread', token)).json();
    expect(data.buckets[0].types[0].items.map((i: { id: number }) => i.id)).toEqual([50]);
    expect(data.buckets[4].total).toBe(0);
    const { createLearner } = await import('../support/factories.js');
    const bob = await createLearner(app.deps, 'bob');
    expect((await app.get('/api/v1/item_spread', bob.token)).json().data.total).toBe(0);
  });

  it('shows each subject as the latest import has it, also one made by another process', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), SUBJECTS);
    await lessonAt(app, token, 50, iso(T0));
    const shown = async () => {
      const { data } = (await app.get('/api/v1/item_spread', token)).json();
      const item = data.buckets[0].types[0].items.find((i: { id: number }) => i.id === 50);
      return { characters: item.data.characters, meanings: item.data.meanings.map((m: { meaning: string }) => m.meaning) };
    };
    expect(await shown()).toEqual({ characters: String.fromCodePoint(0x4e00 + 50), meanings: ['radical 50'] });

    const changed = SUBJECTS.map((s) => (s.id === 50 ? radical(50, 1, { characters: '土', meanings: ['Soil', 'Earth'] }) : s));
    await seedSubjects(app.deps, changed);
    expect(await shown()).toEqual({ characters: '土', meanings: ['Soil', 'Earth'] });

    // The CLI imports through its own connection, possibly while the server runs.
    const other = connect(app.testDb.databaseUrl, app.testDb.pgSchema ? { pgSchema: app.testDb.pgSchema } : {});
    try {
      await seedSubjects(
        { ...app.deps, db: other },
        SUBJECTS.map((s) => (s.id === 50 ? radical(50, 1, { characters: '土', meanings: ['Dirt'] }) : s)),
      );
    } finally {
      await other.close();
    }
    expect(await shown()).toEqual({ characters: '土', meanings: ['Dirt'] });
  });
});
