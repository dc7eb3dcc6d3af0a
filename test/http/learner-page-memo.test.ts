import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listTokens, revokeToken } from '../../src/services/credentials.js';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, seedSubjects } from '../support/factories.js';
import {
  LEARNER_PAGE_ADDRESSES,
  learnerWithHistory,
  pagesFollowAnImportHiding,
  pagesFollowEachKindOfWrite,
  serverKeepingNothing,
  twoPageCurriculum,
} from '../support/learner-pages.js';
import { review, start } from '../support/study.js';

describeEachEngine('Learner page memo', (t) => {
  let uncached: FastifyInstance;

  beforeAll(async () => {
    const { deps } = t();
    uncached = await serverKeepingNothing(deps, { STORED_PAGES_MB: '0' });
  });
  afterAll(async () => {
    await uncached.close();
  });

  /** Each address twice (built, then kept) against a server without the memo: the same bytes and validators. */
  async function expectAsUncached(app: TestApp, token: string): Promise<Map<string, string>> {
    const etags = new Map<string, string>();
    for (const address of LEARNER_PAGE_ADDRESSES) {
      const reference = await uncached.inject({ method: 'GET', url: address, headers: { authorization: `Bearer ${token}` } });
      expect(reference.statusCode, address).toBe(200);
      expect(reference.headers.vary ?? '', address).not.toContain('Accept-Encoding');
      for (let round = 0; round < 2; round += 1) {
        const res = await app.get(address, token);
        expect(res.statusCode, address).toBe(200);
        expect(res.body, address).toBe(reference.body);
        expect(res.headers.etag, address).toBe(reference.headers.etag);
        expect(res.headers['last-modified'], address).toBe(reference.headers['last-modified']);
        expect(res.headers['content-type'], address).toBe('application/json; charset=utf-8');
        expect(res.headers.vary, address).toContain('Accept-Encoding');
      }
      etags.set(address, reference.headers.etag as string);
    }
    return etags;
  }

  it('serves every filter and cursor as a server without it would, before and after each kind of write', async () => {
    const app = t();
    await pagesFollowEachKindOfWrite(app, (token) => expectAsUncached(app, token));
  });

  it('serves the change after a content import by another process hides a subject', async () => {
    const app = t();
    const token = await pagesFollowAnImportHiding(app, (t) => expectAsUncached(app, t));
    const visible = (await app.get('/api/v1/assignments?subject_ids=1,2,3,4&hidden=false', token)).json().data;
    expect(visible.map((a: { data: { subject_id: number } }) => a.data.subject_id)).toEqual([3, 4]);
  });

  it('never serves a page of an earlier account that had the same id and change stamp', async () => {
    const app = t();
    await seedSubjects(app.deps, twoPageCurriculum());
    const alice = await createLearner(app.deps, 'alice');
    const kept = await app.get('/api/v1/assignments', alice.token);
    // The account and its rows deleted directly and its id handed out again (as the tests' reset
    // does), then a new account at the same instant: the same id, and the same change stamp.
    const db = app.deps.db.kysely;
    for (const table of ['assignments', 'level_progressions', 'api_tokens'] as const) {
      await db.deleteFrom(table).where('user_id', '=', alice.userId).execute();
    }
    await db.deleteFrom('users').where('id', '=', alice.userId).execute();
    if (app.engine === 'sqlite') await sql`update sqlite_sequence set seq = ${alice.userId - 1} where name = 'users'`.execute(db);
    else await sql`select setval(pg_get_serial_sequence('users', 'id'), ${alice.userId}, false)`.execute(db);
    const bob = await createLearner(app.deps, 'bob');
    expect(bob.userId).toBe(alice.userId);
    const fresh = await app.get('/api/v1/assignments', bob.token);
    expect(fresh.json().total_count).toBe(kept.json().total_count);
    expect(fresh.headers.etag).not.toBe(kept.headers.etag);
    await expectAsUncached(app, bob.token);
  });

  it('builds pages filtered against the clock anew as the clock moves', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const due = '/api/v1/assignments?immediately_available_for_review';
    expect((await app.get(due, token)).json().total_count).toBe(0);
    // The first reviews come due hours later, with no write in between.
    app.clock.advance(12 * HOUR_MS);
    const later = await app.get(due, token);
    expect(later.json().total_count).toBe(3);
    await expectAsUncached(app, token);
  });

  it('serves gzip and brotli of a kept page, and answers 304 per representation without a change', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const address = '/api/v1/assignments';
    const plain = await app.get(address, token);
    const gzip = await app.get(address, token, { 'accept-encoding': 'gzip' });
    const brotli = await app.get(address, token, { 'accept-encoding': 'gzip, br' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([plain.headers.etag, gzip.headers.etag, brotli.headers.etag]).size).toBe(3);
    for (const res of [plain, gzip, brotli]) {
      const headers = { ...(res.headers['content-encoding'] ? { 'accept-encoding': res.headers['content-encoding'] as string } : {}) };
      const again = await app.get(address, token, { ...headers, 'if-none-match': res.headers.etag as string });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      expect(again.headers.etag).toBe(res.headers.etag);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
    // A write: the same validator now names an older page.
    await review(app, token, (await app.get('/api/v1/assignments?started=true', token)).json().data[0].id);
    const stale = await app.get(address, token, { 'accept-encoding': 'br', 'if-none-match': brotli.headers.etag as string });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers.etag).not.toBe(brotli.headers.etag);
    // Without the memo, pages go out plain whatever the client accepts.
    const unkept = await uncached.inject({
      method: 'GET',
      url: address,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br' },
    });
    expect(unkept.headers['content-encoding']).toBeUndefined();
  });

  it('answers a page a write left alone with its kept validators in each coding, and a page the write changed anew', async () => {
    const app = t();
    const { token } = await learnerWithHistory(app);
    const first = '/api/v1/assignments';
    const second = '/api/v1/assignments?page_after_id=500';
    const before = new Map<string, string>();
    for (const address of [first, second]) {
      for (const coding of ['identity', 'gzip', 'br']) {
        before.set(`${address} ${coding}`, (await app.get(address, token, { 'accept-encoding': coding })).headers.etag as string);
      }
    }
    // A lesson on a row of the second page: the first page's rows keep their versions.
    app.clock.advance(60_000);
    const lesson = (await app.get('/api/v1/assignments?subject_ids=600', token)).json().data[0];
    expect(lesson.id).toBeGreaterThan(500);
    await start(app, token, lesson.id as number);
    for (const coding of ['identity', 'gzip', 'br']) {
      const etag = before.get(`${first} ${coding}`)!;
      const same = await app.get(first, token, { 'accept-encoding': coding, 'if-none-match': etag });
      expect(same.statusCode, coding).toBe(304);
      expect(same.headers.etag, coding).toBe(etag);
      const moved = await app.get(second, token, { 'accept-encoding': coding, 'if-none-match': before.get(`${second} ${coding}`)! });
      expect(moved.statusCode, coding).toBe(200);
    }
    await expectAsUncached(app, token);
  });

  it('checks the credential on every request, kept page or not', async () => {
    const app = t();
    const { token, username } = await learnerWithHistory(app);
    expect((await app.get('/api/v1/assignments', token)).statusCode).toBe(200);
    const tokens = await listTokens(app.deps, username);
    expect(tokens.ok).toBe(true);
    for (const minted of tokens.ok ? tokens.value : []) await revokeToken(app.deps, minted.id);
    expect((await app.get('/api/v1/assignments', token)).statusCode).toBe(401);
    expect((await app.get('/api/v1/assignments', token, { 'if-none-match': '*' })).statusCode).toBe(401);
  });
});
