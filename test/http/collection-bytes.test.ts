import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { TSchema } from 'typebox';
import { expect, it } from 'vitest';
import { AssignmentData } from '../../src/http/routes/assignments/schema.js';
import { LevelProgressionData } from '../../src/http/routes/level-progressions/schema.js';
import { ResetData } from '../../src/http/routes/resets/schema.js';
import { ReviewStatisticData } from '../../src/http/routes/review-statistics/schema.js';
import { SrsSystemData } from '../../src/http/routes/spaced-repetition-systems/schema.js';
import { StudyMaterialData } from '../../src/http/routes/study-materials/schema.js';
import { VoiceActorData } from '../../src/http/routes/voice-actors/schema.js';
import { collectionRows, rowPlace, rowVersion, rowWrittenAt, splicedPage } from '../../src/http/envelopes.js';
import { changedRowsOf } from '../../src/http/spliced-pages.js';
import type { Page, RowVersion } from '../../src/shared/paging.js';
import { CollectionSchema, ResourceSchema } from '../../src/http/schemas.js';
import { toIso } from '../../src/shared/time.js';
import { describeEachEngine, T0 } from '../support/app.js';
import { kanji, radical, vocabulary } from '../support/factories.js';
import { learnerAt, lessonAt } from '../support/screens.js';
import { burn, pass, review } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** The serializer the app compiles for a collection route (src/app.ts: formats not validated when serialising). */
function schemaSerializer(data: TSchema): (doc: unknown) => string {
  return SerializerSelector()(undefined, { ajv: { validateFormats: false } })({
    schema: CollectionSchema(ResourceSchema(data)),
    method: 'GET',
    url: '/collection',
    httpStatus: '200',
  });
}

const AWKWARD = ['Say "hi"', 'back\\slash', 'tab\tnew\nline', '\u0001control', 'line\u2028separator', 'ü ñ 😀', '</script>'];

/**
 * Collection pages are assembled as text (src/http/envelopes.ts, collectionJson) instead of going
 * through the route's schema serializer: the bytes must be the ones that serializer makes of the
 * same data, on every collection, on both engines.
 */
describeEachEngine('collection pages as text', (t) => {
  it('are byte for byte what the schema serializer makes of the same data, on every collection and page', async () => {
    const app = t();
    const subjects = [radical(1, 1), radical(2, 1), kanji(10, 1, [1, 2]), vocabulary(20, 1, [10]), radical(3, 2)];
    const { token } = await learnerAt(app, iso(T0), subjects);
    await pass(app, token, 1);
    await burn(app, token, 2);
    await review(app, token, await lessonAt(app, token, 10, iso(T0)), 1, 1);
    const notes = [
      { subject_id: 1, meaning_note: AWKWARD.join(' '), reading_note: '"quoted"', meaning_synonyms: AWKWARD.slice(0, 4) },
      { subject_id: 2, meaning_synonyms: AWKWARD.slice(4) },
      { subject_id: 10, reading_note: 'plain' },
    ];
    for (const note of notes) expect((await app.post('/api/v1/study_materials', token, note)).statusCode).toBe(201);

    const collections: [string, TSchema, number][] = [
      ['/assignments', AssignmentData, 3],
      ['/review_statistics', ReviewStatisticData, 3],
      ['/study_materials', StudyMaterialData, 3],
      ['/level_progressions', LevelProgressionData, 1],
      ['/resets', ResetData, 0],
      ['/spaced_repetition_systems', SrsSystemData, 1],
      ['/voice_actors', VoiceActorData, 0],
    ];
    for (const [path, data, atLeast] of collections) {
      const serialize = schemaSerializer(data);
      const first = await app.get(`/api/v1${path}`, token);
      expect(first.statusCode, path).toBe(200);
      expect(first.headers['content-type'], path).toBe('application/json; charset=utf-8');
      const body = first.json();
      expect(body.data.length, path).toBeGreaterThanOrEqual(atLeast);
      expect(first.body, path).toBe(serialize(body));
      // Each row as its single resource presents it (a page's rows may be written by a writer of their own).
      for (const item of body.data) expect((await app.get(`/api/v1${path}/${item.id}`, token)).json(), path).toEqual(item);
      // A page after a cursor, with a filter, links both ways.
      const second = await app.get(`/api/v1${path}?page_after_id=${body.data[0]?.id ?? 0}&updated_after=${iso(0)}`, token);
      expect(second.body, path).toBe(serialize(second.json()));
    }
  });

  it('are found row by row in their bytes, whatever text the rows hold, each with the version it was written at', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), [radical(1, 1), radical(2, 1), radical(3, 1)]);
    const brackets = '"},{"id":7,"x":[{"id":8}]}] \\" {[';
    const notes = [
      { subject_id: 1, meaning_note: brackets, reading_note: AWKWARD.join(' '), meaning_synonyms: [brackets, '\\'] },
      { subject_id: 2, meaning_note: '\\\\', reading_note: '"' },
      { subject_id: 3 },
    ];
    for (const note of notes) expect((await app.post('/api/v1/study_materials', token, note)).statusCode).toBe(201);
    for (const path of ['/study_materials', '/assignments', '/study_materials?page_after_id=1']) {
      const res = await app.get(`/api/v1${path}`, token);
      const page = Buffer.from(res.body);
      const { data } = res.json() as { data: { id: number; data_updated_at: string }[] };
      const rows = collectionRows(page);
      expect([...rows!.keys()], path).toEqual(data.map((row) => row.id));
      for (const row of data) {
        const bytes = rows!.get(row.id)!;
        expect(JSON.parse(bytes.toString()), path).toEqual(row);
        expect(rowWrittenAt(bytes, Date.parse(row.data_updated_at)), path).toBe(true);
        expect(rowWrittenAt(bytes, Date.parse(row.data_updated_at) + 1), path).toBe(false);
      }
      expect(`[${[...rows!.values()].map((row) => row.toString()).join(',')}]`, path).toBe(JSON.stringify(data));
    }
    const page = (await app.get('/api/v1/study_materials', token)).body;
    expect(collectionRows(Buffer.from('{"stored":"marker"}'))).toBeNull();
    expect(collectionRows(Buffer.from(`${page.slice(0, -2)},]}`))).toBeNull();
    expect(collectionRows(Buffer.from(page.replace('},{"id":', '} ,{"id":')))).toBeNull();
    expect(collectionRows(Buffer.from(page.slice(0, -5)))).toBeNull();
    expect(collectionRows(Buffer.from(page.replace('{"id":1,', '{"id":2,')))).toBeNull();
    expect(collectionRows(Buffer.from(page.replace('{"id":1,', '{"other":1,')))).toBeNull();
  });

  it("are spliced from a page before a write by the changed rows' places, only when the rows' key proves the rest", async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0), [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1)]);
    const ids: number[] = [];
    for (const subject of [1, 2, 3]) {
      const res = await app.post('/api/v1/study_materials', token, { subject_id: subject, meaning_note: `note ${subject} {"id":9,` });
      ids.push((res.json() as { id: number }).id);
    }
    const pageNow = async () => {
      const res = await app.get('/api/v1/study_materials', token);
      const { data, total_count } = res.json() as { data: { id: number; data_updated_at: string }[]; total_count: number };
      const rows: Page<RowVersion> = {
        rows: data.map((row) => ({ id: row.id, updatedAt: Date.parse(row.data_updated_at) })),
        totalCount: total_count,
        hasNext: false,
        hasPrevious: false,
      };
      return { bytes: Buffer.from(res.body), rows };
    };
    // Any key of every row's id and version, the count and the links (StoredPages.rowsKey's inputs).
    const keyOf = (page: Page<RowVersion>) => JSON.stringify(page);
    const before = await pageNow();
    const since = Math.max(...before.rows.rows.map((row) => row.updatedAt));
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${ids[1]}`, token, { meaning_note: 'changed "}' })).statusCode).toBe(200);
    const after = await pageNow();
    const places = changedRowsOf(before.bytes, keyOf(before.rows), after.rows, since, keyOf);
    expect([...places!.keys()]).toEqual([ids[1]]);
    const place = places!.get(ids[1]!)!;
    expect(rowVersion(before.bytes.subarray(place.start, place.end))).toBe(before.rows.rows[1]!.updatedAt);
    expect(rowPlace(before.bytes, ids[1]!, place.end)).toBeNull();
    const changed = rowPlace(after.bytes, ids[1]!)!;
    const head = after.bytes.subarray(0, after.bytes.indexOf('{"id":')).toString();
    const spliced = splicedPage(head, before.bytes, [{ ...place, bytes: after.bytes.subarray(changed.start, changed.end) }]);
    expect(spliced!.toString()).toBe(after.bytes.toString());
    // Not proven: another row at a version other than the stored one, no row newer, or a row not in the stored page.
    const otherMoved = { ...after.rows, rows: after.rows.rows.map((row, i) => (i === 0 ? { ...row, updatedAt: row.updatedAt - 1 } : row)) };
    expect(changedRowsOf(before.bytes, keyOf(before.rows), otherMoved, since, keyOf)).toBeNull();
    expect(changedRowsOf(before.bytes, keyOf(before.rows), before.rows, since, keyOf)).toBeNull();
    expect(changedRowsOf(before.bytes, keyOf(before.rows), { ...after.rows, totalCount: 4 }, since, keyOf)).toBeNull();
    expect((await app.post('/api/v1/study_materials', token, { subject_id: 4 })).statusCode).toBe(201);
    expect(changedRowsOf(before.bytes, keyOf(before.rows), (await pageNow()).rows, since, keyOf)).toBeNull();
    const newest = Math.max(...after.rows.rows.map((row) => row.updatedAt));
    expect(changedRowsOf(after.bytes, keyOf(after.rows), (await pageNow()).rows, newest, keyOf)).toBeNull();
  });

  it("give each row's version, read from its bytes, as Date.parse reads its text (rows of different ids in turn)", () => {
    const rowAt = (id: number, text: string) =>
      Buffer.from(
        `{"id":${id},"object":"study_material","url":"http://x/api/v1/study_materials/${id}","data_updated_at":"${text}","data":{}}`,
      );
    const texts = [
      ...[0, 1, 999, 86_399_999, 951_782_400_000, 1_795_000_000_123, 4_102_444_800_000, -2_208_988_800_001].map((ms) => toIso(ms)),
      // Other forms and fields out of range: as Date.parse reads them (NaN, or an instant).
      '+275760-09-13T00:00:00.000Z',
      '0050-01-01T00:00:00.000Z',
      '2026-02-30T00:00:00.000Z',
      '2026-13-01T00:00:00.000Z',
      '2026-01-32T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T25:00:00.000Z',
      '2026-01-01T23:60:00.000Z',
      '2026-01-01T23:59:60.000Z',
      '2026-01-01T23:59:59.00xZ',
      '2026-01-01T23:59:59Z',
      '2026-01-01 23:59:59.000Z',
    ];
    for (const [i, text] of texts.entries()) {
      // Ids of 1 to 7 digits, so the key's place moves between rows.
      const row = rowAt(10 ** (i % 7) + i, text);
      const parsed = Date.parse(text);
      expect(rowWrittenAt(row, parsed), text).toBe(!Number.isNaN(parsed));
      // The fields taken as they are, out of range or not (Date.UTC carries them over).
      const fields = [0, 5, 8, 11, 14, 17, 20].map((at, f) => Number(text.slice(at, at + (f === 0 ? 4 : f === 6 ? 3 : 2))));
      const carried = Date.UTC(fields[0]!, fields[1]! - 1, fields[2]!, fields[3]!, fields[4]!, fields[5]!, fields[6]!);
      for (const other of [parsed + 1, parsed - 1, carried, Date.UTC(2026, 0, 1)])
        expect(rowWrittenAt(row, other), text).toBe(other === parsed);
    }
    expect(rowWrittenAt(Buffer.from('{"id":1,"data":{}}'), 0)).toBe(false);
  });
});

/** The parts of a JSON schema that hold other schemas. */
interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  anyOf?: SchemaNode[];
  items?: SchemaNode;
}

/** The schemas a schema holds, itself included, at any depth. */
function schemasIn(schema: SchemaNode): SchemaNode[] {
  const inner = [...Object.values(schema.properties ?? {}), ...(schema.anyOf ?? []), ...(schema.items === undefined ? [] : [schema.items])];
  return [schema, ...inner.flatMap(schemasIn)];
}

it('holds no object inside the data of a collection whose stored pages are read row by row', () => {
  // collectionRows finds a row where `{"id":` begins, which an object inside `data` could also begin with.
  for (const data of [AssignmentData, ReviewStatisticData, StudyMaterialData]) {
    const nested = schemasIn(data as SchemaNode).slice(1);
    expect(nested.some((schema) => schema.type === 'object')).toBe(false);
  }
});
