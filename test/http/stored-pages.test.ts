import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connect } from '../../src/db/connect.js';
import { mintApiToken, revokeToken } from '../../src/services/credentials.js';
import { etagOf } from '../../src/http/prepared-pages.js';
import { describeEachEngine, INTERNAL_SECRET, type TestApp } from '../support/app.js';
import { expectError } from '../support/errors.js';
import { createLearner, seedSubjects } from '../support/factories.js';
import {
  LEARNER_PAGE_ADDRESSES,
  learnerWithHistory,
  pagesFollowAnImportHiding,
  pagesFollowEachKindOfWrite,
  serverKeepingNothing,
  twoPageCurriculum,
} from '../support/learner-pages.js';
import { recordPgQueriesWhenIdle } from '../support/pg-queries.js';
import { review } from '../support/study.js';

/** A page filtered against the clock: built for every request, never stored. */
const CLOCK_ADDRESS = '/api/v1/assignments?immediately_available_for_review';
const MARKER = '{"stored":"marker"}';

/** A stored page body as each engine's column holds it: a blob on SQLite, text on PostgreSQL. */
function bodyValue(app: { engine: string }, text: string): Buffer | string {
  return app.engine === 'sqlite' ? Buffer.from(text) : text;
}
const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };

describeEachEngine('Stored pages', (t) => {
  /** A server keeping nothing: no page memo, no kept rows, no stored pages. */
  let reference: FastifyInstance;

  /** A server on the test's database that keeps nothing in memory, as one just restarted (pages stored as configured). */
  const restarted = (app: TestApp, overrides: Record<string, string> = {}) => serverKeepingNothing(app.deps, overrides);

  beforeAll(async () => {
    reference = await restarted(t(), { STORED_PAGES_MB: '0' });
  });
  afterAll(async () => {
    await reference.close();
  });

  const get = (server: FastifyInstance, url: string, token: string, headers: Record<string, string> = {}) =>
    server.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  /** What `request` answers, and on PostgreSQL the statements it sent (null on SQLite). */
  async function withStatements<T>(app: TestApp, request: () => Promise<T>): Promise<{ res: T; sent: string[] | null }> {
    const sent = app.engine === 'postgres' ? await recordPgQueriesWhenIdle(app.deps.db) : null;
    try {
      return { res: await request(), sent: sent?.sent ?? null };
    } finally {
      sent?.restore();
    }
  }

  /** Waits until every page the test's server built at the clock's instant is stored (its store runs after the responses). */
  async function storedNow(app: TestApp, userId: number, addresses: readonly string[]): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const rows = await app.deps.db.kysely
        .selectFrom('stored_pages')
        .select('address')
        .where('user_id', '=', userId)
        .where('stored_at', '=', app.clock.now())
        .execute();
      if (addresses.every((address) => rows.some((row) => row.address === address))) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('pages not stored');
  }

  /**
   * Every address through a server just restarted, as the reference serves them, byte for byte,
   * with the same validators; closed after (which stores what it built). The reference's ETags.
   */
  async function servedAsReference(app: TestApp, token: string): Promise<Map<string, string>> {
    const etags = new Map<string, string>();
    const server = await restarted(app);
    try {
      for (const address of LEARNER_PAGE_ADDRESSES) {
        const expected = await get(reference, address, token);
        const res = await get(server, address, token);
        expect(res.statusCode, address).toBe(200);
        expect(res.body, address).toBe(expected.body);
        expect(res.headers.etag, address).toBe(expected.headers.etag);
        expect(res.headers['last-modified'], address).toBe(expected.headers['last-modified']);
        expect(res.headers['content-type'], address).toBe('application/json; charset=utf-8');
        expect(res.headers['content-encoding'], address).toBeUndefined();
        etags.set(address, expected.headers.etag as string);
      }
    } finally {
      await server.close();
    }
    return etags;
  }

  /**
   * Every address through the test's server (its pages built whole first, then from kept rows
   * after each write, and stored), then through a server just restarted, which serves them from
   * the store (servedAsReference).
   */
  function asRestarted(app: TestApp): (token: string) => Promise<Map<string, string>> {
    return async (token) => {
      const uuid = (await app.get('/api/v1/user', token)).json().data.id as string;
      const { id: userId } = await app.deps.db.kysely.selectFrom('users').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
      const stored = LEARNER_PAGE_ADDRESSES.filter((address) => address !== CLOCK_ADDRESS);
      for (const address of LEARNER_PAGE_ADDRESSES) expect((await app.get(address, token)).statusCode, address).toBe(200);
      await storedNow(app, userId, stored);
      return servedAsReference(app, token);
    };
  }

  it('serves every filter and cursor after a restart as a server keeping nothing would, before and after each kind of write', async () => {
    const app = t();
    await pagesFollowEachKindOfWrite(app, asRestarted(app));
  });

  it('serves the change after a content import by another process hides a subject', async () => {
    const app = t();
    await pagesFollowAnImportHiding(app, asRestarted(app));
  });

  /**
   * Every address through servers just restarted, one after each write: each finds the pages the
   * one before stored under the learner's state before the write, serves those whose rows are the
   * same and builds the others, all as the reference serves them (servedAsReference).
   */
  function restartedAfterEachWrite(app: TestApp): (token: string) => Promise<Map<string, string>> {
    return (token) => servedAsReference(app, token);
  }

  it('serves pages stored under the learner state before each kind of write as a server keeping nothing would', async () => {
    const app = t();
    await pagesFollowEachKindOfWrite(app, restartedAfterEachWrite(app));
  });

  it('serves pages stored before a content import by another process hides a subject as a server keeping nothing would', async () => {
    const app = t();
    await pagesFollowAnImportHiding(app, restartedAfterEachWrite(app));
  });

  it('serves a page stored under an earlier learner state when its rows are the same, and stores it under the new state', async () => {
    const app = t();
    const { token, userId, materialId } = await learnerWithHistory(app);
    const addresses = ['/api/v1/assignments', '/api/v1/assignments?page_after_id=500', '/api/v1/study_materials'];
    const first = await restarted(app);
    const built = new Map<string, string>();
    for (const address of addresses) built.set(address, (await get(first, address, token)).headers.etag as string);
    await first.close();
    const db = app.deps.db.kysely;
    await sql`update stored_page_bodies set body = ${bodyValue(app, MARKER)} where user_id = ${userId}`.execute(db);
    // A write of another collection's row: the learner's change stamp moves.
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'second' })).statusCode).toBe(200);
    const again = await restarted(app);
    try {
      for (const address of addresses.slice(0, 2)) {
        const served = await get(again, address, token);
        expect(served.body, address).toBe(MARKER);
        expect(served.headers.etag, address).toBe(built.get(address));
      }
      const changed = await get(again, '/api/v1/study_materials', token);
      expect(changed.body).not.toBe(MARKER);
      expect(changed.body).toBe((await get(reference, '/api/v1/study_materials', token)).body);
    } finally {
      await again.close();
    }
    const { version } = await db
      .selectFrom('users')
      .select(sql<string>`concat(uuid, '@', change_stamp)`.as('version'))
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const entries = await db.selectFrom('stored_pages').select(['address', 'version']).where('user_id', '=', userId).execute();
    for (const address of addresses) expect(entries.find((entry) => entry.address === address)?.version, address).toContain(` ${version} `);
  });

  it("writes a page a write changed from the stored page's rows at the versions read, and the changed rows from the database", async () => {
    const app = t();
    const { token, userId, materialId } = await learnerWithHistory(app);
    const other = await app.post('/api/v1/study_materials', token, { subject_id: 2, meaning_note: 'kept note' });
    expect(other.statusCode).toBe(201);
    const address = '/api/v1/study_materials';
    const first = await restarted(app);
    expect((await get(first, address, token)).statusCode).toBe(200);
    await first.close();
    // The stored row left alone by the write below marked in the stored bytes: a page served with the
    // mark copied that row from the store (a page built from the rows has the note as written).
    const db = app.deps.db.kysely;
    const mark = async (from: string, to: string) => {
      const { etag, body } = await db
        .selectFrom('stored_pages as p')
        .innerJoin('stored_page_bodies as b', (join) => join.onRef('b.user_id', '=', 'p.user_id').onRef('b.etag', '=', 'p.etag'))
        .select(['p.etag', 'b.body'])
        .where('p.user_id', '=', userId)
        .where('p.address', '=', address)
        .executeTakeFirstOrThrow();
      const text = Buffer.from(body as Buffer | string).toString();
      expect(text).toContain(from);
      const marked = bodyValue(app, text.replace(from, to));
      await sql`update stored_page_bodies set body = ${marked} where user_id = ${userId} and etag = ${etag}`.execute(db);
    };
    await mark('"meaning_note":"kept note"', '"meaning_note":"kept-mark"');
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'second' })).statusCode).toBe(200);
    const expected = (await get(reference, address, token)).body;
    expect(expected).toContain('"meaning_note":"second"');
    let again = await restarted(app);
    try {
      const served = await get(again, address, token);
      expect(served.body).toBe(expected.replace('"meaning_note":"kept note"', '"meaning_note":"kept-mark"'));
      expect(served.headers.etag).toBe(etagOf(Buffer.from(served.body)));
    } finally {
      await again.close();
    }
    // The stored page's other rows are taken as its rows' key proves them, unread: a row whose bytes
    // name another version is served as stored while the key says it is at the version read.
    const { id: otherId } = other.json() as { id: number };
    const { version } = await db
      .selectFrom('study_materials')
      .select('updated_at as version')
      .where('id', '=', otherId)
      .executeTakeFirstOrThrow();
    const iso = new Date(Number(version)).toISOString();
    await mark(`"kept-mark"`, '"kept-mark-2"');
    await mark(
      `/${otherId}","data_updated_at":"${iso}"`,
      `/${otherId}","data_updated_at":"${new Date(Number(version) - 1).toISOString()}"`,
    );
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'third' })).statusCode).toBe(200);
    const third = (await get(reference, address, token)).body;
    const stale = `/${otherId}","data_updated_at":"${new Date(Number(version) - 1).toISOString()}"`;
    const asStored = third
      .replace('"meaning_note":"kept note"', '"meaning_note":"kept-mark-2"')
      .replace(`/${otherId}","data_updated_at":"${iso}"`, stale);
    again = await restarted(app);
    try {
      const served = await get(again, address, token);
      expect(served.body).toBe(asStored);
      expect(served.headers.etag).toBe(etagOf(Buffer.from(asStored)));
    } finally {
      await again.close();
    }
    // Once the key does not prove them, each row is taken only at the version read, checked in its
    // bytes: that row is then read from the database, and the page is the reference's.
    await sql`update stored_pages set rows_key = ${'another'} where user_id = ${userId} and address = ${address}`.execute(db);
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'fourth' })).statusCode).toBe(200);
    again = await restarted(app);
    try {
      expect((await get(again, address, token)).body).toBe((await get(reference, address, token)).body);
    } finally {
      await again.close();
    }
  });

  it("stores a sync's pages together once it has them all, not its first page before its second is asked for", async () => {
    const app = t();
    const { token, userId } = await learnerWithHistory(app);
    const addresses = ['/api/v1/assignments', '/api/v1/assignments?page_after_id=500'];
    // No store in the last 50 ms (learnerWithHistory's pages were stored): a store could then begin at once.
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await app.get(addresses[0]!, token)).statusCode).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    // A page stored before the next one is asked for would carry the clock before this.
    app.clock.advance(1000);
    expect((await app.get(addresses[1]!, token)).statusCode).toBe(200);
    await storedNow(app, userId, addresses);
  });

  it('stores a sync longer than the interval between stores once its pages stop coming, not between them', async () => {
    const app = t();
    const { token, userId, materialId } = await learnerWithHistory(app);
    const addresses = [
      '/api/v1/assignments',
      '/api/v1/assignments?page_after_id=500',
      '/api/v1/review_statistics',
      '/api/v1/study_materials',
    ];
    // A write: each page is then built again, and stored after its response.
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'again' })).statusCode).toBe(200);
    // Each page 20 ms after the one before, the sync 60 ms and more: past the 50 ms a store waits,
    // each page within it. A page stored before the last is asked for would carry an earlier clock.
    for (const [i, address] of addresses.entries()) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 20));
      app.clock.advance(1000);
      expect((await app.get(address, token)).statusCode).toBe(200);
    }
    await storedNow(app, userId, addresses);
  });

  it('serves stored bytes only for the learner state, content, base address and address they were stored under', async () => {
    const app = t();
    const { token, userId, assignmentIds } = await learnerWithHistory(app);
    const address = '/api/v1/assignments';
    const first = await restarted(app);
    const built = await get(first, address, token);
    await first.close();
    // The stored bytes replaced by a marker: a server serving it read the store, and nothing else.
    const db = app.deps.db.kysely;
    await sql`update stored_page_bodies set body = ${bodyValue(app, MARKER)} where user_id = ${userId}`.execute(db);
    let again = await restarted(app);
    try {
      const served = await get(again, address, token);
      expect(served.body).toBe(MARKER);
      expect(served.headers.etag).toBe(built.headers.etag);
      expect(served.headers['last-modified']).toBe(built.headers['last-modified']);
      expect((await get(again, `${address}?page_after_id=500`, token)).body).not.toBe(MARKER);
      const elsewhere = await restarted(app, { PUBLIC_BASE_URL: 'http://elsewhere.test/api/v1' });
      try {
        expect((await get(elsewhere, address, token)).body).not.toBe(MARKER);
      } finally {
        await elsewhere.close();
      }
      // Another learner at the same address.
      const bob = await createLearner(app.deps, 'bob');
      expect((await get(again, address, bob.token)).body).not.toBe(MARKER);
      // The content changed (a subject's row written, as an import does).
      await db.updateTable('subjects').set({ updated_at: app.clock.now() }).where('id', '=', 600).execute();
      const afterContent = await get(again, address, token);
      expect(afterContent.body).not.toBe(MARKER);
      expect(afterContent.body).toBe((await get(reference, address, token)).body);
      // Stored again under the new content version (the server closing stores what it built).
      await again.close();
      await sql`update stored_page_bodies set body = ${bodyValue(app, MARKER)} where user_id = ${userId}`.execute(db);
      again = await restarted(app);
      expect((await get(again, address, token)).body).toBe(MARKER);
      // A write of the learner's rows.
      await review(app, token, assignmentIds[2]!);
      const afterWrite = await get(again, address, token);
      expect(afterWrite.body).not.toBe(MARKER);
      expect(afterWrite.body).toBe((await get(reference, address, token)).body);
    } finally {
      await again.close();
    }
  });

  it('checks the credential with the look-up of the stored page, in one statement on PostgreSQL, where the server may hold nothing of the address', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const address = '/api/v1/assignments';
    const first = await restarted(app);
    expect((await get(first, address, token)).statusCode).toBe(200);
    await first.close();
    const expected = await get(reference, address, token);
    /** The response to `headers` at the address, and on PostgreSQL the statements it sent. */
    const served = (server: FastifyInstance, headers: Record<string, string>) =>
      withStatements(app, () => server.inject({ method: 'GET', url: address, headers }));
    // Keeping nothing, then restarted with the page memo and kept rows on.
    for (const keeps of [false, true]) {
      const server = await restarted(app, keeps ? { LEARNER_PAGE_CACHE_MB: '24', LEARNER_ROW_CACHE_MB: '32' } : {});
      try {
        for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `svc_session=${session}` }]) {
          const { res, sent } = await served(server, headers);
          expect(res.statusCode).toBe(200);
          expect(res.body).toBe(expected.body);
          expect(res.headers.etag).toBe(expected.headers.etag);
          expect(res.headers['last-modified']).toBe(expected.headers['last-modified']);
          if (sent !== null) {
            expect(sent).toHaveLength(1);
            expect(sent[0]).toContain('stored_pages');
          }
          // Asked again: where pages are kept the memo holds it (the credential's own read alone); keeping nothing, looked up again.
          const again = await served(server, headers);
          expect(again.res.body).toBe(expected.body);
          if (again.sent !== null) {
            expect(again.sent).toHaveLength(1);
            expect(again.sent[0]!.includes('stored_pages')).toBe(!keeps);
          }
        }
      } finally {
        await server.close();
      }
    }
    // A credential that does not pass: 401, as the hook answers it.
    const revoked = await mintApiToken(app.deps, 'alice');
    const expiring = await mintApiToken(app.deps, 'alice', { expiresAt: app.clock.now() + 60_000 });
    if (!revoked.ok || !expiring.ok) throw new Error('mint failed');
    const server = await restarted(app);
    try {
      for (const minted of [revoked.value, expiring.value]) expect((await get(server, address, minted.token)).statusCode).toBe(200);
      await revokeToken(app.deps, revoked.value.id);
      app.clock.advance(60_000);
      for (const minted of [revoked.value, expiring.value]) {
        const { res, sent } = await served(server, { authorization: `Bearer ${minted.token}` });
        expectError(res, 401, UNAUTHORIZED);
        if (sent !== null) expect(sent).toHaveLength(1);
      }
      expectError(await get(server, address, 'not-a-token'), 401, UNAUTHORIZED);
    } finally {
      await server.close();
    }
  });

  it("reads a page after a write with the look-up of its stored page, in one statement on PostgreSQL, whether the write changed the page's rows or not", async () => {
    const app = t();
    const { token, materialId } = await learnerWithHistory(app);
    // Study materials: a row written; assignments: the write left its rows alone.
    const addresses = ['/api/v1/study_materials', '/api/v1/assignments', '/api/v1/assignments?page_after_id=500'];
    const first = await restarted(app);
    for (const address of addresses) expect((await get(first, address, token)).statusCode, address).toBe(200);
    await first.close();
    app.clock.advance(60_000);
    expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'after' })).statusCode).toBe(200);
    // Keeping nothing, then restarted with the page memo and kept rows on: neither holds these pages.
    for (const keeps of [false, true]) {
      const server = await restarted(app, keeps ? { LEARNER_PAGE_CACHE_MB: '24', LEARNER_ROW_CACHE_MB: '32' } : {});
      try {
        for (const address of addresses) {
          const expected = await get(reference, address, token);
          const { res, sent } = await withStatements(app, () => get(server, address, token));
          expect(res.statusCode, address).toBe(200);
          expect(res.body, address).toBe(expected.body);
          expect(res.headers.etag, address).toBe(expected.headers.etag);
          expect(res.headers['last-modified'], address).toBe(expected.headers['last-modified']);
          if (sent !== null) {
            expect(sent, address).toHaveLength(1);
            expect(sent[0], address).toContain('stored_pages');
          }
        }
      } finally {
        await server.close();
      }
    }
  });

  it('looks a page likely current up alone, and with the page read against it once the learner wrote or a page was found stale', async () => {
    const app = t();
    const { token, userId, materialId } = await learnerWithHistory(app);
    const [first, second] = ['/api/v1/assignments', '/api/v1/assignments?page_after_id=500'];
    const addresses = [first!, second!];
    const writer = await restarted(app);
    for (const address of addresses) expect((await get(writer, address, token)).statusCode, address).toBe(200);
    await writer.close();
    const server = await restarted(app);
    /** Serves `address` as the reference does; on PostgreSQL, what it sent: whether the look-up read the page against it, and the statements. */
    const served = async (address: string) => {
      const expected = await get(reference, address, token);
      const { res, sent } = await withStatements(app, () => get(server, address, token));
      expect(res.statusCode, address).toBe(200);
      expect(res.body, address).toBe(expected.body);
      expect(res.headers.etag, address).toBe(expected.headers.etag);
      if (sent === null) return null;
      expect(sent[0], address).toContain('stored_pages');
      // The page read against the stored one, in the look-up's statement (paging.ts, afterStoredPage).
      return { withPage: sent[0]!.includes('starts_with('), statements: sent.length };
    };
    const alone = { withPage: false, statements: 1 };
    const withPage = { withPage: true, statements: 1 };
    /** A study material change through `through`, a minute on. */
    const writeNote = async (through: FastifyInstance, note: string) => {
      app.clock.advance(60_000);
      const res = await through.inject({
        method: 'PUT',
        url: `/api/v1/study_materials/${materialId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { meaning_note: note },
      });
      expect(res.statusCode).toBe(200);
    };
    try {
      // Nothing known of the learner: read against in the look-up; found current, the learner's next pages are looked up alone.
      expect(await served(first!)).toEqual(app.engine === 'postgres' ? withPage : null);
      expect(await served(first!)).toEqual(app.engine === 'postgres' ? alone : null);
      expect(await served(second!)).toEqual(app.engine === 'postgres' ? alone : null);
      // A write through this server: read against again, found stale, and the page stored under the new state.
      await writeNote(server, 'through this server');
      expect(await served(first!)).toEqual(app.engine === 'postgres' ? withPage : null);
      expect(await served(second!)).toEqual(app.engine === 'postgres' ? withPage : null);
      await storedNow(app, userId, addresses);
      expect(await served(first!)).toEqual(app.engine === 'postgres' ? withPage : null);
      expect(await served(second!)).toEqual(app.engine === 'postgres' ? alone : null);
      // A write through another process (its own connections: this one does not see the write finish): the page
      // looked up alone is stale, read against in a second statement; the next in one.
      const db = app.engine === 'postgres' ? connect(app.deps.config.databaseUrl, { pgSchema: app.testDb.pgSchema! }) : app.deps.db;
      const elsewhere = await serverKeepingNothing({ ...app.deps, db });
      await writeNote(elsewhere, 'through another process');
      await elsewhere.close();
      if (db !== app.deps.db) await db.close();
      expect(await served(first!)).toEqual(app.engine === 'postgres' ? { withPage: false, statements: 2 } : null);
      expect(await served(second!)).toEqual(app.engine === 'postgres' ? withPage : null);
    } finally {
      await server.close();
    }
  });

  it('serves a stored page at an address holding quotes, backslashes and other than ASCII byte for byte as the reference does', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const addresses = [`/api/v1/assignments?subject_types=kanji&x='%27\\"`, `/api/v1/study_materials?x=日本語'`];
    const expected = [];
    for (const address of addresses) {
      const res = await get(reference, address, token);
      expect(res.statusCode).toBe(200);
      expected.push(res);
    }
    const first = await restarted(app);
    for (const address of addresses) expect((await get(first, address, token)).statusCode).toBe(200);
    await first.close();
    // Stored at the addresses as they arrive (quotes and other than ASCII percent-encoded, the backslash as it is).
    const stored = (await app.deps.db.kysely.selectFrom('stored_pages').select('address').execute()).map((row) => row.address);
    expect(stored).toEqual(
      expect.arrayContaining([
        `/api/v1/assignments?subject_types=kanji&x=%27%27\\%22`,
        `/api/v1/study_materials?x=%E6%97%A5%E6%9C%AC%E8%AA%9E%27`,
      ]),
    );
    const server = await restarted(app);
    try {
      for (const [i, address] of addresses.entries()) {
        const res = await get(server, address, token);
        expect(res.rawPayload.equals(expected[i]!.rawPayload)).toBe(true);
        expect(res.headers.etag).toBe(expected[i]!.headers.etag);
        expect(res.headers['last-modified']).toBe(expected[i]!.headers['last-modified']);
      }
    } finally {
      await server.close();
    }
  });

  it('reads no rows to compare with a page stored under other content, on PostgreSQL the credential with the look-up then the page', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const address = '/api/v1/assignments';
    const first = await restarted(app);
    expect((await get(first, address, token)).statusCode).toBe(200);
    await first.close();
    // The content changed (a subject's row written, as an import does).
    app.clock.advance(60_000);
    await app.deps.db.kysely.updateTable('subjects').set({ updated_at: app.clock.now() }).where('id', '=', 600).execute();
    const server = await restarted(app);
    try {
      const { res, sent } = await withStatements(app, () => get(server, address, token));
      expect(res.body).toBe((await get(reference, address, token)).body);
      if (sent !== null) expect(sent).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('offers a stored page in gzip and brotli where pages are kept, and answers 304 per representation', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const address = '/api/v1/assignments';
    const first = await restarted(app);
    const plain = await get(first, address, token);
    await first.close();
    // Restarted with its memory empty but the page memo on: the stored page is kept, then compressed.
    const server = await restarted(app, { LEARNER_PAGE_CACHE_MB: '24', LEARNER_ROW_CACHE_MB: '32' });
    try {
      const gzip = await get(server, address, token, { 'accept-encoding': 'gzip' });
      const brotli = await get(server, address, token, { 'accept-encoding': 'gzip, br' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
      const etag = plain.headers.etag as string;
      expect(gzip.headers.etag).toBe(`${etag.slice(0, -1)}-gzip"`);
      expect(brotli.headers.etag).toBe(`${etag.slice(0, -1)}-br"`);
      for (const res of [plain, gzip, brotli]) {
        const coding = res.headers['content-encoding'] as string | undefined;
        const again = await get(server, address, token, {
          ...(coding ? { 'accept-encoding': coding } : {}),
          'if-none-match': res.headers.etag as string,
        });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
        expect(again.headers.etag).toBe(res.headers.etag);
      }
      // A validator of another representation is not this one's.
      const other = await get(server, address, token, { 'accept-encoding': 'gzip', 'if-none-match': etag });
      expect(other.statusCode).toBe(200);
    } finally {
      await server.close();
    }
    // Without the memo a page goes out plain, stored or built.
    const memoless = await restarted(app);
    try {
      const res = await get(memoless, address, token, { 'accept-encoding': 'gzip, br' });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(plain.body);
    } finally {
      await memoless.close();
    }
  });

  it('answers requests refused as before, and stores no page filtered against the clock', async () => {
    const app = t();
    const { token, userId } = await learnerWithHistory(app);
    const server = await restarted(app);
    try {
      for (const address of ['/api/v1/assignments?page_after_id=abc', '/api/v1/assignments?srs_stages=x']) {
        const expected = await get(reference, address, token);
        const res = await get(server, address, token);
        expect(res.statusCode, address).toBe(expected.statusCode);
        expect(res.body, address).toBe(expected.body);
      }
      expect((await server.inject({ method: 'GET', url: '/api/v1/assignments' })).statusCode).toBe(401);
      expect((await get(server, CLOCK_ADDRESS, token)).statusCode).toBe(200);
    } finally {
      await server.close();
    }
    const stored = await app.deps.db.kysely.selectFrom('stored_pages').select('address').where('user_id', '=', userId).execute();
    expect(stored.map((entry) => entry.address)).not.toContain(CLOCK_ADDRESS);
  });

  it('keeps the pages stored within the budget, the oldest deleted first', async () => {
    const app = t();
    await seedSubjects(app.deps, twoPageCurriculum());
    const learner = await createLearner(app.deps);
    const server = await restarted(app, { STORED_PAGES_MB: '1' });
    // Pages of about 150 KB each, stored one after another.
    const addresses = Array.from({ length: 12 }, (_, i) => `/api/v1/assignments?page_after_id=${i}`);
    for (const address of addresses) {
      app.clock.advance(1_000);
      expect((await get(server, address, learner.token)).statusCode).toBe(200);
      await storedNow(app, learner.userId, [address]);
    }
    await server.close();
    const db = app.deps.db.kysely;
    const entries = await db
      .selectFrom('stored_pages')
      .select(['address', 'bytes', 'etag'])
      .where('user_id', '=', learner.userId)
      .orderBy('stored_at')
      .execute();
    const total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.length).toBeLessThan(addresses.length);
    expect(total).toBeLessThanOrEqual(1024 * 1024);
    expect(entries.map((entry) => entry.address)).toEqual(addresses.slice(-entries.length));
    // The bytes of the pages deleted are deleted too.
    const bodies = await db.selectFrom('stored_page_bodies').select('etag').where('user_id', '=', learner.userId).execute();
    expect(bodies.map((body) => body.etag).sort()).toEqual(entries.map((entry) => entry.etag).sort());
  });
});
