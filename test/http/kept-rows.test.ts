import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { pageAssignmentsAgainst } from '../../src/db/repositories/assignments.js';
import { KeptRowBytes, WrittenPage } from '../../src/http/kept-rows.js';
import type { RowVersion } from '../../src/shared/paging.js';
import { describeEachEngine, testConfig, type TestApp } from '../support/app.js';
import { createLearner } from '../support/factories.js';
import {
  LEARNER_PAGE_ADDRESSES,
  learnerWithHistory,
  pagesFollowAnImportHiding,
  pagesFollowEachKindOfWrite,
} from '../support/learner-pages.js';
import { recordPgQueries } from '../support/pg-queries.js';
import { review, start } from '../support/study.js';

/** A page read against held rows: none of these tests holds a stored page, so a page is always read. */
async function pageAgainst(...args: Parameters<typeof pageAssignmentsAgainst>) {
  const page = await pageAssignmentsAgainst(...args);
  if (page === null) throw new Error('no page was read');
  return page;
}

// The page memo off, so every request builds its page: from kept rows' bytes here, from every row
// read and written afresh on the reference server (both off).
describeEachEngine(
  'Kept row bytes',
  (t) => {
    let reference: FastifyInstance;
    let tiny: FastifyInstance;

    beforeAll(async () => {
      const { deps } = t();
      const config = (rowMb: string) =>
        testConfig(deps.config.databaseUrl, { LEARNER_PAGE_CACHE_MB: '0', LEARNER_ROW_CACHE_MB: rowMb, STORED_PAGES_MB: '0' });
      reference = await buildApp({ ...deps, config: config('0') });
      // A budget smaller than one learner's rows: generations turn over within a sync.
      tiny = await buildApp({ ...deps, config: { ...config('1'), learnerRowCacheMb: 0.25 } });
    });
    afterAll(async () => {
      await reference.close();
      await tiny.close();
    });

    /** Each address three times (rows written, then kept, then kept) on both servers: the same bytes and validators as the reference. */
    async function expectAsReference(app: TestApp, token: string): Promise<Map<string, string>> {
      const etags = new Map<string, string>();
      const headers = { authorization: `Bearer ${token}` };
      for (const address of LEARNER_PAGE_ADDRESSES) {
        const expected = await reference.inject({ method: 'GET', url: address, headers });
        expect(expected.statusCode, address).toBe(200);
        for (let round = 0; round < 3; round += 1) {
          for (const res of [await app.get(address, token), await tiny.inject({ method: 'GET', url: address, headers })]) {
            expect(res.statusCode, address).toBe(200);
            expect(res.body, address).toBe(expected.body);
            expect(res.headers.etag, address).toBe(expected.headers.etag);
            expect(res.headers['last-modified'], address).toBe(expected.headers['last-modified']);
          }
        }
        etags.set(address, expected.headers.etag as string);
      }
      return etags;
    }

    it('writes every filter and cursor as the uncached serialiser does, before and after each kind of write', async () => {
      const app = t();
      await pagesFollowEachKindOfWrite(app, (token) => expectAsReference(app, token));
    });

    it('writes the rows a content import by another process hid, with their new hidden flag', async () => {
      const app = t();
      const token = await pagesFollowAnImportHiding(app, (t) => expectAsReference(app, t));
      const first = (await app.get('/api/v1/assignments?subject_ids=1,2', token)).json().data as { data: { hidden: boolean } }[];
      expect(first.map((a) => a.data.hidden)).toEqual([true, true]);
    });

    it('keeps each learner to their own rows, and answers 304 until a row of the page changes', async () => {
      const app = t();
      const { token, assignmentIds } = await learnerWithHistory(app);
      const other = await createLearner(app.deps, 'other');
      const address = '/api/v1/assignments?subject_ids=1,2,3';
      const mine = await app.get(address, token);
      const theirs = await app.get(address, other.token);
      expect(theirs.json().data.map((a: { id: number }) => a.id)).not.toEqual(mine.json().data.map((a: { id: number }) => a.id));
      const again = await app.get(address, token, { 'if-none-match': mine.headers.etag as string });
      expect(again.statusCode).toBe(304);
      // A write to a row outside the page moves the learner's stamp but not this page's bytes.
      await start(app, token, (await app.get('/api/v1/assignments?subject_ids=9', token)).json().data[0].id);
      expect((await app.get(address, token, { 'if-none-match': mine.headers.etag as string })).statusCode).toBe(304);
      app.clock.advance(60_000);
      await review(app, token, assignmentIds[2]!);
      const changed = await app.get(address, token, { 'if-none-match': mine.headers.etag as string });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(mine.headers.etag);
      const row = changed.json().data.find((a: { id: number }) => a.id === assignmentIds[2]);
      expect(row.data_updated_at).toBe(new Date(app.clock.now()).toISOString());
      await expectAsReference(app, token);
    });

    it('reads a page after a write in one statement: in full only its rows newer than the page written before', async () => {
      const app = t();
      const { userId, token, assignmentIds } = await learnerWithHistory(app);
      const before = await pageAgainst(app.deps.db, userId, {}, 500, {}, { since: null, has: () => false });
      expect(before.fresh).toHaveLength(500);
      const since = Math.max(...before.rows.map((row) => row.updatedAt));
      app.clock.advance(60_000);
      await review(app, token, assignmentIds[2]!);
      const asked: number[] = [];
      const sent = app.engine === 'postgres' ? recordPgQueries() : null;
      try {
        const page = await pageAgainst(app.deps.db, userId, {}, 500, {}, { since, has: (id) => asked.push(id) > 0 });
        expect(page.fresh.map((row) => row.id)).toEqual([assignmentIds[2]]);
        expect(asked).toHaveLength(499);
        expect(asked).not.toContain(assignmentIds[2]);
        if (sent !== null) expect(sent.sent).toHaveLength(1);
      } finally {
        sent?.restore();
      }
    });

    it('asks for no row when the caller holds the page the statement read, and for every row when it does not', async () => {
      const app = t();
      const { userId, token } = await learnerWithHistory(app);
      const before = await pageAgainst(app.deps.db, userId, {}, 500, {}, { since: null, has: () => false });
      const since = Math.max(...before.rows.map((row) => row.updatedAt));
      // A write to a row of the next page: this page's rows keep their versions.
      app.clock.advance(60_000);
      await start(app, token, (await app.get('/api/v1/assignments?subject_ids=600', token)).json().data[0].id);
      const asked: number[] = [];
      const shown: RowVersion[][] = [];
      const held = (holds: boolean) => ({
        since,
        has: (id: number) => asked.push(id) > 0,
        holdsPage: (page: { rows: RowVersion[] }) => shown.push(page.rows) > 0 && holds,
      });
      const same = await pageAgainst(app.deps.db, userId, {}, 500, {}, held(true));
      expect(shown[0]).toEqual(before.rows);
      expect(same.rows).toEqual(before.rows);
      expect(same.fresh).toHaveLength(0);
      expect(asked).toHaveLength(0);
      const other = await pageAgainst(app.deps.db, userId, {}, 500, {}, held(false));
      expect(other.rows).toEqual(before.rows);
      expect(asked).toHaveLength(500);
    });

    it('reads the page again whole when a row changed between its two statements (SQLite: a write from another connection between them)', async () => {
      const app = t();
      if (app.engine !== 'sqlite') return;
      const { userId, assignmentIds } = await learnerWithHistory(app);
      const changing = assignmentIds[0]!;
      const other = new BetterSqlite3(app.testDb.databaseUrl.slice('sqlite:'.length));
      try {
        // Held: every row but one, which the second statement reads after another connection moved it on
        // (no row is newer than `since`, so the first statement reads none in full).
        const page = await pageAgainst(
          app.deps.db,
          userId,
          {},
          500,
          {},
          {
            since: Number.MAX_SAFE_INTEGER,
            has: (id) => {
              if (id !== changing) return true;
              other.prepare('update assignments set srs_stage = 7, updated_at = updated_at + 1 where id = ?').run(id);
              return false;
            },
          },
        );
        const moved = page.fresh.find((row) => row.id === changing);
        expect(moved?.srsStage).toBe(7);
        // The page was read again whole: every row in full, its versions the newer ones.
        expect(page.fresh.length).toBe(page.rows.length);
        expect(page.rows.find((row) => row.id === changing)?.updatedAt).toBe(moved?.updatedAt);
      } finally {
        other.close();
      }
    });
  },
  // Pages read and written every time, never served from the store (stored-pages.test.ts).
  { LEARNER_PAGE_CACHE_MB: '0', STORED_PAGES_MB: '0' },
);

it('holds at most its budget, in two generations of rows', () => {
  const rows = new KeptRowBytes(1);
  const assignments = rows.of('/assignments');
  const statistics = rows.of('/review_statistics');
  const row = Buffer.alloc(1000, 0x20);
  const page = Buffer.concat([row, row]);
  for (let id = 1; id <= 5000; id += 1) {
    (id % 2 === 0 ? assignments : statistics).keepWritten('uuid', page, [{ id, updatedAt: id, start: 0, end: 1000 }]);
  }
  const held = (id: number) => (id % 2 === 0 ? assignments : statistics).get('uuid', id, id) !== undefined;
  // At about 1,100 bytes an entry, 1 MB holds at most about 950 rows: the newest ones, and none older.
  for (let id = 5000; id > 4600; id -= 1) expect(held(id), `row ${id}`).toBe(true);
  for (let id = 1; id <= 5000 - Math.floor((1024 * 1024) / 1000); id += 1) expect(held(id), `row ${id}`).toBe(false);
  // A row is kept for one learner and one version only.
  expect(assignments.get('another uuid', 5000, 5000)).toBeUndefined();
  expect(assignments.get('uuid', 5000, 4999)).toBeUndefined();
});

it('takes a page as the one written only at the same rows, versions, count and links, and only when the memo keeps it', () => {
  const rows = [
    { id: 1, updatedAt: 10 },
    { id: 2, updatedAt: 30 },
  ];
  const page = { rows, totalCount: 5, hasNext: true, hasPrevious: false };
  const readAt = { stamp: 30, contentVersion: 1 };
  const written = new WrittenPage(30, 'state /api/v1/assignments', page, readAt, new Uint32Array(4));
  expect(written.same({ ...page, rows: rows.map((row) => ({ ...row })) })).toBe(true);
  expect(written.same({ ...page, rows: [rows[0]!, { id: 2, updatedAt: 31 }] })).toBe(false);
  expect(written.same({ ...page, rows: [rows[0]!, { id: 3, updatedAt: 30 }] })).toBe(false);
  expect(written.same({ ...page, rows: [rows[0]!] })).toBe(false);
  expect(written.same({ ...page, totalCount: 4 })).toBe(false);
  expect(written.same({ ...page, hasNext: false })).toBe(false);
  expect(written.same({ ...page, hasPrevious: true })).toBe(false);
  expect(new WrittenPage(30, null, page, readAt, new Uint32Array(4)).same(page)).toBe(false);
});
