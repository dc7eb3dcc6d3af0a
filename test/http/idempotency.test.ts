import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { DAY_MS, HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import { burn, start } from '../support/study.js';

const REVIEW = { incorrect_meaning_answers: 1, incorrect_reading_answers: 0 };

function send(app: TestApp, method: 'POST' | 'PUT', url: string, token: string, key: string | undefined, body?: unknown) {
  return app.request({
    method,
    url,
    token,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

/** How many reviews the learner's statistic of the subject counts. */
async function reviewsCounted(app: TestApp, token: string): Promise<number> {
  const statistic = (await app.get('/api/v1/review_statistics', token)).json().data[0];
  return statistic ? statistic.data.meaning_incorrect : 0;
}

function expectSameAnswer(first: LightMyRequestResponse, again: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.body).toBe(first.body);
  expect(first.headers['idempotency-replayed']).toBeUndefined();
  expect(again.headers['idempotency-replayed']).toBe('true');
}

describeEachEngine('Idempotency-Key', (t) => {
  async function learnerWithLesson(app: TestApp, username = 'alice'): Promise<Learner & { assignmentId: number }> {
    const learner = await createLearner(app.deps, username);
    const [assignment] = (await app.get('/api/v1/assignments', learner.token)).json().data as { id: number }[];
    await start(app, learner.token, assignment!.id);
    return { ...learner, assignmentId: assignment!.id };
  }

  it('replays the original status and body of POST /reviews to a retry, without reviewing again', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, assignmentId } = await learnerWithLesson(app);
    const body = { assignment_id: assignmentId, ...REVIEW };
    const first = await send(app, 'POST', '/api/v1/reviews', token, 'answer-1', body);
    expect(first.statusCode).toBe(201);
    app.clock.advance(HOUR_MS);
    // The same request, wrapped this time and with its keys in another order, is the same request.
    const again = await send(app, 'POST', '/api/v1/reviews', token, 'answer-1', {
      review: { incorrect_reading_answers: 0, incorrect_meaning_answers: 1, assignment_id: assignmentId },
    });
    expectSameAnswer(first, again);
    expect(await reviewsCounted(app, token)).toBe(1);
    // Another key is another review; no key is never deduplicated.
    expect((await send(app, 'POST', '/api/v1/reviews', token, 'answer-2', body)).statusCode).toBe(201);
    expect((await send(app, 'POST', '/api/v1/reviews', token, undefined, body)).statusCode).toBe(201);
    expect(await reviewsCounted(app, token)).toBe(3);
  });

  it('answers 422 to a key reused with a different body or path, changing nothing', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token, assignmentId } = await learnerWithLesson(app);
    await send(app, 'POST', '/api/v1/reviews', token, 'k', { assignment_id: assignmentId, ...REVIEW });
    for (const [method, url, body] of [
      ['POST', '/api/v1/reviews', { assignment_id: assignmentId, incorrect_meaning_answers: 2, incorrect_reading_answers: 0 }],
      ['POST', '/api/v1/advance', {}],
      ['PUT', `/api/v1/assignments/${assignmentId + 1}/start`, {}],
    ] as const) {
      const res = await send(app, method, url, token, 'k', body);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toEqual({
        error: 'Idempotency-Key was already used for a different request (another path or body) in the last 24 hours.',
        code: 422,
      });
    }
    expect(await reviewsCounted(app, token)).toBe(1);
    const second = (await app.get('/api/v1/assignments', token)).json().data[1];
    expect(second.data.started_at).toBeNull();
  });

  it('keeps keys per learner and for 24 hours', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const alice = await learnerWithLesson(app, 'alice');
    const bob = await learnerWithLesson(app, 'bob');
    const aliceFirst = await send(app, 'POST', '/api/v1/reviews', alice.token, 'same', { assignment_id: alice.assignmentId, ...REVIEW });
    const bobFirst = await send(app, 'POST', '/api/v1/reviews', bob.token, 'same', { assignment_id: bob.assignmentId, ...REVIEW });
    expect(bobFirst.statusCode).toBe(201);
    expect(bobFirst.headers['idempotency-replayed']).toBeUndefined();

    app.clock.advance(DAY_MS - 1);
    const within = await send(app, 'POST', '/api/v1/reviews', alice.token, 'same', { assignment_id: alice.assignmentId, ...REVIEW });
    expectSameAnswer(aliceFirst, within);
    app.clock.advance(2);
    const expired = await send(app, 'POST', '/api/v1/reviews', alice.token, 'same', { assignment_id: alice.assignmentId, ...REVIEW });
    expect(expired.statusCode).toBe(201);
    expect(expired.headers['idempotency-replayed']).toBeUndefined();
    expect(await reviewsCounted(app, alice.token)).toBe(2);
    // The expired answer was replaced: the key now names the new review.
    expectSameAnswer(
      expired,
      await send(app, 'POST', '/api/v1/reviews', alice.token, 'same', { assignment_id: alice.assignmentId, ...REVIEW }),
    );
  });

  it('replays a refusal as it was answered, even after the state changed', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const [assignment] = (await app.get('/api/v1/assignments', token)).json().data as { id: number }[];
    const body = { assignment_id: assignment!.id, ...REVIEW };
    const refused = await send(app, 'POST', '/api/v1/reviews', token, 'early', body);
    expect(refused.json()).toEqual({ error: 'Assignment is not started and cannot be reviewed yet.', code: 422 });
    await start(app, token, assignment!.id);
    expectSameAnswer(refused, await send(app, 'POST', '/api/v1/reviews', token, 'early', body));
    expect(await reviewsCounted(app, token)).toBe(0);
  });

  it('refuses a malformed key with 422 and does nothing', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, assignmentId } = await learnerWithLesson(app);
    for (const key of ['', 'x'.repeat(256), 'with space', 'ünïcode']) {
      const res = await app.request({
        method: 'POST',
        url: '/api/v1/reviews',
        token,
        headers: { 'idempotency-key': key },
        payload: { assignment_id: assignmentId, ...REVIEW },
      });
      expect(res.statusCode, key).toBe(422);
      expect(res.json()).toEqual({ error: 'Idempotency-Key must be 1 to 255 visible ASCII characters.', code: 422 });
    }
    expect(await reviewsCounted(app, token)).toBe(0);
  });

  it('applies once under concurrent retries, from two server processes', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, assignmentId } = await learnerWithLesson(app);
    // A second server on the same database: its own connection (pool), gate and process-local state.
    const db2 = connect(app.testDb.databaseUrl, app.testDb.pgSchema ? { pgSchema: app.testDb.pgSchema } : {});
    const app2 = await buildApp({ ...app.deps, db: db2 });
    try {
      const body = { assignment_id: assignmentId, ...REVIEW };
      const retries = Array.from({ length: 16 }, (_, i) =>
        (i % 2 === 0 ? app.app : app2).inject({
          method: 'POST',
          url: '/api/v1/reviews',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'flaky-network' },
          payload: body,
        }),
      );
      const answers = await Promise.all(retries);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(16).fill(201));
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(answers.filter((a) => a.headers['idempotency-replayed'] === undefined)).toHaveLength(1);
      expect(await reviewsCounted(app, token)).toBe(1);
    } finally {
      await app2.close();
      await db2.close();
    }
  });

  it('covers every non-idempotent write: start, study materials, advance, burn manager, extra study', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token } = await createLearner(app.deps);
    const [first, second] = (await app.get('/api/v1/assignments', token)).json().data as { id: number }[];
    await burn(app, token, 1);
    const calls: [string, 'POST' | 'PUT', string, unknown][] = [
      ['start', 'PUT', `/api/v1/assignments/${second!.id}/start`, {}],
      ['create material', 'POST', '/api/v1/study_materials', { subject_id: 1, meaning_note: 'one' }],
      ['advance', 'POST', '/api/v1/advance', {}],
      ['resurrect', 'POST', '/api/v1/burn_manager', { action: 'resurrect', subject_ids: [1] }],
      ['open extra study', 'POST', '/api/v1/study', { kind: 'recent_lessons' }],
      ['record extra study', 'POST', '/api/v1/study', { kind: 'recent_lessons', assignment_id: first!.id }],
    ];
    for (const [label, method, url, body] of calls) {
      const original = await send(app, method, url, token, `key-${label.replace(/ /g, '-')}`, body);
      expect(original.statusCode, `${label}: ${original.body}`).toBeLessThan(300);
      app.clock.advance(1000);
      expectSameAnswer(original, await send(app, method, url, token, `key-${label.replace(/ /g, '-')}`, body));
    }
    // Without a key the retries would have been refused or applied again:
    const material = (await app.get('/api/v1/study_materials', token)).json().data[0];
    expect((await send(app, 'PUT', `/api/v1/study_materials/${material.id}`, token, 'note', { meaning_note: 'two' })).statusCode).toBe(200);
    app.clock.advance(1000);
    expect(
      (await send(app, 'PUT', `/api/v1/study_materials/${material.id}`, token, 'note', { meaning_note: 'two' })).headers[
        'idempotency-replayed'
      ],
    ).toBe('true');
    expect((await send(app, 'POST', '/api/v1/study_materials', token, undefined, { subject_id: 1 })).statusCode).toBe(422);
    expect((await send(app, 'PUT', `/api/v1/assignments/${second!.id}/start`, token, undefined, {})).statusCode).toBe(422);
  });

  it('ignores the header on writes that are idempotent already', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    for (let i = 0; i < 2; i += 1) {
      const res = await app.request({
        method: 'PUT',
        url: '/api/v1/vacation',
        token,
        headers: { 'idempotency-key': 'v' },
        payload: { active: i === 0 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotency-replayed']).toBeUndefined();
    }
  });
});
