import BetterSqlite3 from 'better-sqlite3';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachEngine, INTERNAL_SECRET, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { refusedCredentials, UNKNOWN_TOKEN } from '../support/credentials.js';
import { expectError } from '../support/errors.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { recordPgQueries } from '../support/pg-queries.js';
import { parseRawResponse, rawExchange, withListeningApp } from '../support/socket.js';
import { assignmentOf, start } from '../support/study.js';

const UNAUTHORIZED = { error: 'Unauthorized. Provide a valid API token.', code: 401 };
const ANSWERS = { incorrect_meaning_answers: 0, incorrect_reading_answers: 0 };

/** A learner with the lesson of subject 1 started: their token and that assignment's id. */
async function learnerReviewing(t: TestApp, username: string): Promise<{ token: string; assignmentId: number }> {
  const { token } = await createLearner(t.deps, username);
  const assignment = (await assignmentOf(t, token, 1))!;
  await start(t, token, assignment.id);
  return { token, assignmentId: assignment.id };
}

/** The credential statements SQLite runs while `during` runs, by connection: the read-only one, or the writer. */
async function credentialReadsOnSqlite(during: () => Promise<unknown>): Promise<{ reader: number; writer: number }> {
  const memory = new BetterSqlite3(':memory:');
  const statements = Object.getPrototypeOf(memory.prepare('select 1')) as BetterSqlite3.Statement;
  memory.close();
  const all = statements.all;
  const counts = { reader: 0, writer: 0 };
  statements.all = function (this: BetterSqlite3.Statement, ...parameters: unknown[]) {
    if (/ from "(api_tokens|sessions)" /.test(this.source)) counts[this.database.readonly ? 'reader' : 'writer'] += 1;
    return all.apply(this, parameters);
  };
  try {
    await during();
  } finally {
    statements.all = all;
  }
  return counts;
}

/** The query texts PostgreSQL is sent for a review refused (401) for an unknown token, with `headers` added. */
async function queriesOfRefusedReview(app: TestApp, headers: Record<string, string> = {}): Promise<string[]> {
  await seedSubjects(app.deps, [radical(1, 1)]);
  const { assignmentId } = await learnerReviewing(app, 'alice');
  const { sent, restore } = recordPgQueries();
  try {
    const res = await app.request({
      method: 'POST',
      url: '/api/v1/reviews',
      payload: JSON.stringify({ assignment_id: assignmentId, ...ANSWERS }),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${UNKNOWN_TOKEN}`, ...headers },
    });
    expectError(res, 401, UNAUTHORIZED);
    return [...sent];
  } finally {
    restore();
  }
}

/**
 * POST /reviews requests wrong in every way the body or headers can be, each answered 404 or 422
 * for a learner: a bad credential must be answered 401 for every one of them all the same.
 */
function faultyReviews(assignmentId: number): { name: string; status: number; request: InjectOptions }[] {
  const post = (payload: unknown, headers: Record<string, string> = {}): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/reviews',
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
  return [
    { name: 'not JSON', status: 422, request: post('{"assignment_id": ') },
    { name: 'not JSON as its content type', status: 422, request: post('assignment_id=1', { 'content-type': 'text/plain' }) },
    { name: 'a negative answer count', status: 422, request: post({ assignment_id: assignmentId, incorrect_meaning_answers: -1 }) },
    { name: 'no assignment or subject', status: 422, request: post(ANSWERS) },
    { name: 'an id no row can carry', status: 404, request: post({ assignment_id: 2147483648, ...ANSWERS }) },
    { name: 'an unknown assignment', status: 404, request: post({ assignment_id: assignmentId + 1000, ...ANSWERS }) },
    { name: 'two different subjects', status: 422, request: post({ assignment_id: assignmentId, subject_id: 2, ...ANSWERS }) },
    { name: 'a bad created_at', status: 422, request: post({ assignment_id: assignmentId, created_at: 'yesterday', ...ANSWERS }) },
    { name: 'U+0000 in the body', status: 422, request: post(`{"assignment_id":${assignmentId},"created_at":"\\u0000"}`) },
    { name: 'a bad Idempotency-Key', status: 422, request: post({ assignment_id: assignmentId, ...ANSWERS }, { 'idempotency-key': '' }) },
  ];
}

describeEachEngine('POST /reviews: the credential first, whatever the body', (t) => {
  it('answers 401 to a missing, unknown, revoked, expired or disabled credential before any 404 or 422 of the body, writing nothing', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { assignmentId } = await learnerReviewing(app, 'alice');
    const bob = await learnerReviewing(app, 'bob');
    const credentials = await refusedCredentials(app, 'alice', { username: 'bob', token: bob.token });
    const before = await app.deps.db.kysely.selectFrom('users').select(['id', 'change_stamp']).orderBy('id').execute();

    const valid = { name: 'a valid review', status: 201, request: faultyReviews(assignmentId)[0]!.request };
    valid.request = { ...valid.request, payload: JSON.stringify({ assignment_id: assignmentId, ...ANSWERS }) };
    for (const headers of credentials) {
      for (const { name, request } of [valid, ...faultyReviews(assignmentId)]) {
        const res = await app.request({ ...request, headers: { ...(request.headers as Record<string, string>), ...headers } });
        expect(res.statusCode, `${name} with ${JSON.stringify(headers)}`).toBe(401);
        expectError(res, 401, UNAUTHORIZED);
      }
    }
    const { kysely } = app.deps.db;
    expect(await kysely.selectFrom('reviews').select('id').execute()).toEqual([]);
    expect(await kysely.selectFrom('users').select(['id', 'change_stamp']).orderBy('id').execute()).toEqual(before);
  });

  it('answers each faulty body its own 404 or 422 once the credential passes (API token, session bearer, session cookie)', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token, assignmentId } = await learnerReviewing(app, 'alice');
    const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const origin = new URL(TEST_BASE_URL).origin;
    for (const headers of [
      { authorization: `Bearer ${token}` },
      { authorization: `Bearer ${token.toUpperCase()}` },
      { authorization: `Bearer ${session}` },
      { cookie: `svc_session=${session}`, origin },
    ]) {
      for (const { name, status, request } of faultyReviews(assignmentId)) {
        const res = await app.request({ ...request, headers: { ...(request.headers as Record<string, string>), ...headers } });
        expect(res.statusCode, `${name} with ${Object.keys(headers).join(', ')}`).toBe(status);
        expectError(res, status);
      }
      const res = await app.request({
        method: 'POST',
        url: '/api/v1/reviews',
        headers,
        payload: { assignment_id: assignmentId, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await app.deps.db.kysely.selectFrom('reviews').select('id').execute()).toHaveLength(4);
  });

  it('refuses a session cookie sent by another site’s page with 401, and a review of another learner’s assignment with 404', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const alice = await learnerReviewing(app, 'alice');
    const bob = await learnerReviewing(app, 'bob');
    const session = (await app.post('/api/v1/internal/sessions', INTERNAL_SECRET, { username: 'alice' })).json().data.token as string;
    const body = { assignment_id: alice.assignmentId, ...ANSWERS };
    expectError(
      await app.request({
        method: 'POST',
        url: '/api/v1/reviews',
        headers: { cookie: `svc_session=${session}`, origin: 'https://evil.test' },
        payload: body,
      }),
      401,
      UNAUTHORIZED,
    );
    // Bob's token names Bob, whose assignments hold no row of that id: the same 404 as an unknown id.
    expectError(await app.post('/api/v1/reviews', bob.token, body), 404, { error: 'Not found', code: 404 });
    const { kysely } = app.deps.db;
    expect(await kysely.selectFrom('reviews').select('id').execute()).toEqual([]);
    expect((await app.post('/api/v1/reviews', bob.token, { subject_id: 1, ...ANSWERS })).json().data.assignment_id).toBe(bob.assignmentId);
    expect((await app.post('/api/v1/reviews', alice.token, body)).statusCode).toBe(201);
  });

  it('with Expect: 100-continue, refuses a bad credential without inviting the body', async () => {
    const { deps } = t();
    const body = JSON.stringify({ assignment_id: 1, ...ANSWERS });
    await withListeningApp(deps, async (port) => {
      const refused = await rawExchange(
        port,
        `POST /api/v1/reviews HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${UNKNOWN_TOKEN}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
        { waitMs: 3000 },
      );
      expect(refused.received).not.toContain('100 Continue');
      const answer = parseRawResponse(refused.received);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual(UNAUTHORIZED);
    });
  });

  it('on PostgreSQL, checks the credential in the review’s first statement: one query for a bad credential', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const sent = await queriesOfRefusedReview(app);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^select .* from "users" as "u" left join "assignments" as "a"/);
  });

  it('on PostgreSQL, looks a refused credential up once when the review carries an Idempotency-Key (its token, then its session)', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const sent = await queriesOfRefusedReview(app, { 'idempotency-key': 'refused-once' });
    // One lookup of the credential (as an API token, then as a session), not a second one by the error handler.
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/ from "api_tokens" /);
    expect(sent[1]).toMatch(/ from "sessions" /);
  });

  it('on SQLite, reads a review’s credential on the writing connection, where the review runs, not on the read connection', async (context) => {
    const app = t();
    if (app.engine !== 'sqlite') context.skip();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, assignmentId } = await learnerReviewing(app, 'alice');
    const review = () => app.post('/api/v1/reviews', token, { assignment_id: assignmentId, ...ANSWERS });
    const reads = await credentialReadsOnSqlite(async () => expect((await review()).statusCode).toBe(201));
    expect(reads).toEqual({ reader: 0, writer: 1 });
    // A refused credential is read there too (as an API token, then as a session), and nothing is written.
    const refused = await credentialReadsOnSqlite(async () =>
      expectError(await app.post('/api/v1/reviews', UNKNOWN_TOKEN, { assignment_id: assignmentId, ...ANSWERS }), 401, UNAUTHORIZED),
    );
    expect(refused).toEqual({ reader: 0, writer: 2 });
    expect((await app.get(`/api/v1/assignments/${assignmentId}`, token)).json().data.srs_stage).toBe(2);
  });
});
