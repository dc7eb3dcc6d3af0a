import { randomBytes } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect, type Db } from '../../src/db/connect.js';
import { describeEachEngine, testConfig } from '../support/app.js';
import { FakeClock } from '../support/clock.js';
import { createTestDb, type TestDb } from '../support/db.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { start } from '../support/study.js';

const LOCK_WAIT_MS = 400;

/** Settles a promise and reports whether it has, without awaiting it. */
function track<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let done = false;
  void promise.finally(() => (done = true));
  return { promise, settled: () => done };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite: a lock held by another process', () => {
  let testDb: TestDb;
  let db: Db;
  let app: FastifyInstance;
  let other: BetterSqlite3.Database;
  let token: string;
  let readerToken: string;
  let assignmentId: number;

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    // The server's own connection to the file, with a short lock wait so the refusal is quick to test.
    db = connect(testDb.databaseUrl, { sqliteLockWaitMs: LOCK_WAIT_MS });
    const deps = { db, clock: new FakeClock(Date.parse('2026-11-21T10:30:00.000Z')), config: testConfig(testDb.databaseUrl) };
    app = await buildApp(deps);
    await seedSubjects(deps, [radical(1, 1)]);
    const learner = await createLearner(deps, 'alice');
    token = learner.token;
    readerToken = (await createLearner(deps, 'bob')).token;
    const assignment = (await app.inject({ url: '/api/v1/assignments', headers: { authorization: `Bearer ${token}` } })).json().data[0];
    assignmentId = assignment.id;
    await app.inject({ method: 'PUT', url: `/api/v1/assignments/${assignmentId}/start`, headers: { authorization: `Bearer ${token}` } });
    other = new BetterSqlite3(testDb.databaseUrl.slice('sqlite:'.length));
  });

  afterAll(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await app.close();
    await db.close();
    await testDb.destroy();
  });

  const review = () =>
    app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: { authorization: `Bearer ${token}` },
      payload: { assignment_id: assignmentId, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 },
    });
  const reviewCount = () => (other.prepare('select count(*) as n from reviews').get() as { n: number }).n;

  it('waits without blocking the event loop: other requests are answered meanwhile, then the write goes through', async () => {
    const before = reviewCount();
    other.exec('begin immediate');
    const write = track(review());
    // Timers fire and requests that need no write lock are answered while the write waits.
    await sleep(50);
    expect(write.settled()).toBe(false);
    const about = await app.inject({ url: '/api/v1/about' });
    expect(about.statusCode).toBe(200);
    const read = await app.inject({ url: '/api/v1/user', headers: { authorization: `Bearer ${readerToken}` } });
    expect(read.statusCode).toBe(200);
    expect(write.settled()).toBe(false);
    other.exec('commit');
    const res = await write.promise;
    expect(res.statusCode, res.body).toBe(201);
    expect(reviewCount()).toBe(before + 1);
  });

  it('refuses with 503 in the error shape, writing nothing, once the lock outlasts the wait', async () => {
    const before = reviewCount();
    other.exec('begin immediate');
    try {
      const res = await review();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'The database is busy. Try again in a moment.', code: 503 });
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['compat-revision']).toBe('20170710');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    } finally {
      other.exec('rollback');
    }
    expect(reviewCount()).toBe(before);
    expect((await review()).statusCode).toBe(201);
  });
});

describe('SQLite durability', () => {
  it('syncs the WAL after every commit by default (off the event loop); SQLITE_SYNCHRONOUS=normal trades it for speed', async () => {
    const testDb = await createTestDb('sqlite');
    const path = testDb.databaseUrl;
    // The driver's sync (src/db/wal-sync.ts) is an fdatasync of the WAL file, counted here.
    const probe = await open(path.slice('sqlite:'.length), 'r');
    const datasync = vi.spyOn(Object.getPrototypeOf(probe) as FileHandle, 'datasync');
    await probe.close();
    const syncsOf = async (db: Db) => {
      const before = datasync.mock.calls.length;
      await sql`insert into content_release (origin, sha256, loaded_at) values ('import', ${randomBytes(8).toString('hex')}, 0)`.execute(
        db.kysely,
      );
      await db.kysely.transaction().execute((trx) => sql`delete from content_release`.execute(trx));
      return datasync.mock.calls.length - before;
    };
    const normal = connect(path, { sqliteSynchronous: 'normal' });
    try {
      expect(await syncsOf(testDb.db)).toBe(2);
      expect(await syncsOf(normal)).toBe(0);
    } finally {
      datasync.mockRestore();
      await normal.close();
      await testDb.destroy();
    }
    expect(testConfig(path).sqliteSynchronous).toBe('full');
    expect(testConfig(path, { SQLITE_SYNCHRONOUS: 'NORMAL' }).sqliteSynchronous).toBe('normal');
    expect(() => testConfig(path, { SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS must be full or normal (got "off").');
  });
});

describeEachEngine('one learner’s burst of writes', (t) => {
  it('64 concurrent writes of one learner all apply, while another learner’s requests are answered during the burst', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const busy = await createLearner(app.deps, 'busy');
    const calm = await createLearner(app.deps, 'calm');
    const [assignment] = (await app.get('/api/v1/assignments', busy.token)).json().data as { id: number }[];
    await start(app, busy.token, assignment!.id);

    let finished = 0;
    const burst = Array.from({ length: 64 }, async () => {
      const res = await app.post('/api/v1/reviews', busy.token, {
        assignment_id: assignment!.id,
        incorrect_meaning_answers: 1,
        incorrect_reading_answers: 0,
      });
      finished += 1;
      return res;
    });
    // The other learner's reads and writes do not queue behind the burst: each is answered while
    // most of the burst is still waiting (it waits in memory, not on database connections).
    const answeredAfter: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const read = await app.get('/api/v1/user', calm.token);
      expect(read.statusCode).toBe(200);
      answeredAfter.push(finished);
    }
    const write = await app.put('/api/v1/user', calm.token, { timezone: 'Asia/Tokyo' });
    expect(write.statusCode).toBe(200);
    answeredAfter.push(finished);
    expect(Math.max(...answeredAfter)).toBeLessThan(32);

    const results = await Promise.all(burst);
    expect(results.map((r) => r.statusCode)).toEqual(Array(64).fill(201));
    const statistic = (await app.get('/api/v1/review_statistics', busy.token)).json().data[0];
    expect(statistic.data.meaning_incorrect).toBe(64);
  });
});
