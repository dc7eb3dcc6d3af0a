import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, type SubjectSpec } from '../support/factories.js';

/** 1,205 radicals over levels 1-3 (id n has level ((n - 1) % 3) + 1), then five kanji. */
const RADICALS = 1205;
const curriculum: SubjectSpec[] = [
  ...Array.from({ length: RADICALS }, (_, i) => radical(i + 1, (i % 3) + 1)),
  ...[1206, 1207, 1208, 1209, 1210].map((id) => kanji(id, 1, [1])),
];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface Collection {
  object: string;
  url: string;
  pages: { per_page: number; next_url: string | null; previous_url: string | null };
  total_count: number;
  data_updated_at: string | null;
  data: { id: number; url: string; data_updated_at: string }[];
}

/** Fetches an absolute page link through the app (links name PUBLIC_BASE_URL, not the test server). */
async function follow(t: TestApp, link: string, token: string): Promise<Collection> {
  expect(link.startsWith(`${TEST_BASE_URL}/`)).toBe(true);
  const res = await t.get(`/api/v1${link.slice(TEST_BASE_URL.length)}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function page(t: TestApp, path: string, token: string): Promise<Collection> {
  const res = await t.get(`/api/v1${path}`, token);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
}

const ids = (c: Collection) => c.data.map((r) => r.id);

describeEachEngine('Paging, filtering and sync', (t) => {
  async function seeded(): Promise<string> {
    const started = Date.now();
    await seedSubjects(t().deps, curriculum);
    // Seeding through the real import stays cheap enough to repeat per test.
    expect(Date.now() - started).toBeLessThan(10_000);
    return (await createLearner(t().deps)).token;
  }

  it('walks next_url to the end over more than a page of subjects (per_page 1000)', async () => {
    const token = await seeded();
    const first = await page(t(), '/subjects', token);
    expect(first.pages).toEqual({ per_page: 1000, next_url: `${TEST_BASE_URL}/subjects?page_after_id=1000`, previous_url: null });
    expect(first.total_count).toBe(1210);
    expect(ids(first)).toEqual(range(1, 1000));

    const seen = [...ids(first)];
    let link = first.pages.next_url;
    let pages = 1;
    while (link !== null) {
      const next = await follow(t(), link, token);
      expect(next.pages.per_page).toBe(1000);
      expect(next.total_count).toBe(1210);
      expect(next.pages.previous_url).not.toBeNull();
      seen.push(...ids(next));
      link = next.pages.next_url;
      pages += 1;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(range(1, 1210));
  });

  it('ignores a client per_page: the page size is fixed', async () => {
    const token = await seeded();
    const res = await page(t(), '/subjects?per_page=10', token);
    expect(res.pages.per_page).toBe(1000);
    expect(res.data).toHaveLength(1000);
  });

  it('carries the filters in next_url and previous_url after the cursor, byte for byte', async () => {
    const token = await seeded();
    const first = await page(t(), '/subjects?types=radical&hidden=false', token);
    expect(first.url).toBe(`${TEST_BASE_URL}/subjects?types=radical&hidden=false`);
    expect(first.total_count).toBe(RADICALS);
    expect(first.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1000&types=radical&hidden=false`);

    const second = await follow(t(), first.pages.next_url!, token);
    expect(second.url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1000&types=radical&hidden=false`);
    expect(ids(second)).toEqual(range(1001, RADICALS));
    expect(second.total_count).toBe(RADICALS);
    expect(second.pages.next_url).toBeNull();
    expect(second.pages.previous_url).toBe(`${TEST_BASE_URL}/subjects?page_before_id=1001&types=radical&hidden=false`);

    // A cursor in the middle of the query is replaced, not repeated.
    const middle = await page(t(), '/subjects?types=radical&page_after_id=10&levels=1,2,3', token);
    expect(middle.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1010&types=radical&levels=1,2,3`);
    expect(middle.pages.previous_url).toBe(`${TEST_BASE_URL}/subjects?page_before_id=11&types=radical&levels=1,2,3`);
  });

  it('sets previous_url from the second page on, and following it returns the page just before', async () => {
    const token = await seeded();
    const second = await page(t(), '/subjects?page_after_id=1000', token);
    expect(ids(second)).toEqual(range(1001, 1210));
    expect(second.pages.previous_url).toBe(`${TEST_BASE_URL}/subjects?page_before_id=1001`);

    const back = await follow(t(), second.pages.previous_url!, token);
    expect(ids(back)).toEqual(range(1, 1000));
    expect(back.pages.previous_url).toBeNull();
    expect(back.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1000`);

    // page_before_id returns the ids just below it, ascending.
    const before = await page(t(), '/subjects?page_before_id=1206', token);
    expect(ids(before)).toEqual(range(206, 1205));
    expect(before.pages.previous_url).toBe(`${TEST_BASE_URL}/subjects?page_before_id=206`);
    expect(before.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1205`);
  });

  it('reads page_after_id=-1 (or any value below the smallest id) as the start (see docs/decisions.md, Cursor rules)', async () => {
    const token = await seeded();
    for (const cursor of ['-1', '0', '-999']) {
      const res = await page(t(), `/subjects?page_after_id=${cursor}`, token);
      expect(ids(res)).toEqual(range(1, 1000));
      expect(res.pages.previous_url).toBeNull();
      expect(res.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1000`);
    }
    // An empty cursor is no cursor.
    expect(ids(await page(t(), '/subjects?page_after_id=', token))).toEqual(range(1, 1000));
  });

  it('lets page_after_id win when both cursors are given (see docs/decisions.md, Cursor rules)', async () => {
    const token = await seeded();
    for (const query of ['page_after_id=1000&page_before_id=50', 'page_before_id=50&page_after_id=1000']) {
      const res = await page(t(), `/subjects?${query}`, token);
      expect(ids(res), query).toEqual(range(1001, 1210));
    }
  });

  it('answers 422 for a cursor that is not an integer', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    for (const [name, value] of [
      ['page_after_id', 'abc'],
      ['page_after_id', '1.5'],
      ['page_after_id', '1e3'],
      ['page_before_id', 'x'],
      ['page_before_id', '0x10'],
    ]) {
      for (const path of ['/subjects', '/level_progressions', '/spaced_repetition_systems']) {
        const res = await get(`/api/v1${path}?${name}=${value}`, token);
        expect(res.statusCode, `${path}?${name}=${value}`).toBe(422);
        expect(res.json()).toEqual({ error: `${name} must be an integer.`, code: 422 });
      }
    }
  });

  it('counts in total_count every row matching the filters, not the rows of the page', async () => {
    const token = await seeded();
    const levelOne = await page(t(), '/subjects?levels=1', token);
    expect(levelOne.total_count).toBe(402 + 5);
    expect(levelOne.data).toHaveLength(407);
    const radicalsOfLevelOne = await page(t(), '/subjects?levels=1&types=radical&page_after_id=1000', token);
    expect(radicalsOfLevelOne.total_count).toBe(402);
    expect(ids(radicalsOfLevelOne)).toEqual(range(1001, 1205).filter((id) => (id - 1) % 3 === 0));
  });

  it('sets data_updated_at to the newest row of the page, and null for an empty page', async () => {
    const token = await seeded();
    t().clock.advance(HOUR_MS);
    await seedSubjects(t().deps, [radical(1100, 2, { meaning: 'Changed' })]);
    const first = await page(t(), '/subjects', token);
    const second = await page(t(), '/subjects?page_after_id=1000', token);
    expect(first.data_updated_at).toBe(new Date(T0).toISOString());
    expect(second.data_updated_at).toBe(new Date(T0 + HOUR_MS).toISOString());
    expect(second.data.find((s) => s.id === 1100)?.data_updated_at).toBe(new Date(T0 + HOUR_MS).toISOString());

    const empty = await page(t(), '/subjects?page_after_id=5000', token);
    expect(empty).toMatchObject({ data: [], data_updated_at: null, total_count: 1210, pages: { next_url: null } });
    const none = await page(t(), '/subjects?levels=60', token);
    expect(none).toMatchObject({ data: [], data_updated_at: null, total_count: 0, pages: { next_url: null, previous_url: null } });
  });

  it('builds every url from PUBLIC_BASE_URL, never from the Host or forwarding headers', async () => {
    const token = await seeded();
    const res = await t().get('/api/v1/subjects?types=radical', token, {
      host: 'attacker.example',
      'x-forwarded-host': 'attacker.example',
      'x-forwarded-proto': 'https',
    });
    const body: Collection = res.json();
    expect(body.url).toBe(`${TEST_BASE_URL}/subjects?types=radical`);
    expect(body.pages.next_url).toBe(`${TEST_BASE_URL}/subjects?page_after_id=1000&types=radical`);
    expect(body.data[0]!.url).toBe(`${TEST_BASE_URL}/subjects/1`);
    expect(res.body).not.toContain('attacker.example');

    const one = await t().get('/api/v1/subjects/1', token, { host: 'attacker.example' });
    expect(one.json().url).toBe(`${TEST_BASE_URL}/subjects/1`);
    const user = await t().get('/api/v1/user', token, { host: 'attacker.example' });
    expect(user.json().url).toBe(`${TEST_BASE_URL}/user`);
  });
});

describeEachEngine('Paging of the other collections (per_page 500)', (t) => {
  it('pages level progressions 500 at a time', async () => {
    const { deps, get } = t();
    const { token, userId } = await createLearner(deps);
    // Level 1 comes with the account; 520 more rows make two pages.
    const rows = range(2, 521).map((level) => ({ user_id: userId, level, unlocked_at: T0, created_at: T0, updated_at: T0 + level }));
    for (let i = 0; i < rows.length; i += 200)
      await deps.db.kysely
        .insertInto('level_progressions')
        .values(rows.slice(i, i + 200))
        .execute();

    const first: Collection = (await get('/api/v1/level_progressions', token)).json();
    expect(first.pages.per_page).toBe(500);
    expect(first.data).toHaveLength(500);
    expect(first.total_count).toBe(521);
    const lastId = first.data[499]!.id;
    expect(first.pages.next_url).toBe(`${TEST_BASE_URL}/level_progressions?page_after_id=${lastId}`);
    expect(first.pages.previous_url).toBeNull();
    expect(first.data_updated_at).toBe(new Date(T0 + 500).toISOString());

    const second = await follow(t(), first.pages.next_url!, token);
    expect(second.data).toHaveLength(21);
    expect(second.pages.next_url).toBeNull();
    expect(second.pages.previous_url).toBe(`${TEST_BASE_URL}/level_progressions?page_before_id=${second.data[0]!.id}`);
    expect(second.data_updated_at).toBe(new Date(T0 + 521).toISOString());
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(521);

    const filtered = await follow(t(), `${TEST_BASE_URL}/level_progressions?updated_after=${new Date(T0 + 510).toISOString()}`, token);
    expect(filtered.total_count).toBe(11);
  });

  it('advertises per_page 500 on every other collection, whatever the client asks', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    for (const path of ['/spaced_repetition_systems', '/voice_actors', '/resets', '/level_progressions']) {
      const body: Collection = (await get(`/api/v1${path}?per_page=2`, token)).json();
      expect(body.object, path).toBe('collection');
      expect(body.pages.per_page, path).toBe(500);
      expect(body.url, path).toBe(`${TEST_BASE_URL}${path}?per_page=2`);
    }
  });
});
