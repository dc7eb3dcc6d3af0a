import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary, type SubjectSpec } from '../support/factories.js';
import { assignmentOf, learnerStarting, startSubject, userLevel } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function unlockedIds(app: TestApp, token: string): Promise<number[]> {
  const res = await app.get('/api/v1/assignments?unlocked=true', token);
  return res
    .json()
    .data.map((a: { data: { subject_id: number } }) => a.data.subject_id)
    .sort((a: number, b: number) => a - b);
}

async function advance(app: TestApp, token: string, body?: unknown) {
  const res = await app.post('/api/v1/advance', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Level 1: r1, r2, k3 [r1], k4 [r1, r2], k5 [r6] where r6 is level 2; level 2: r6, k7 [r1], v8 [k3]. */
const CONTENT: SubjectSpec[] = [
  radical(1, 1),
  radical(2, 1),
  kanji(3, 1, [1]),
  kanji(4, 1, [1, 2]),
  kanji(5, 1, [6]),
  radical(6, 2),
  kanji(7, 2, [1]),
  vocabulary(8, 2, [3]),
];

describeEachEngine('POST /advance', (t) => {
  it('has no GET handler: a GET answers 404 with the error body and opens nothing', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    const res = await app.get('/api/v1/advance', token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: expect.any(String), code: 404 });
    expect(await unlockedIds(app, token)).toEqual([1, 2]);
  });

  it('opens the whole tranche without a body', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    app.clock.advance(60_000);

    const res = await app.post('/api/v1/advance', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ object: 'report', data: { outcome: 'unlocked', unlocked: 2, level: 1, pending: 0, reason: null } });
    expect(await unlockedIds(app, token)).toEqual([1, 2, 3, 4]);
    expect((await assignmentOf(app, token, 4))?.data).toMatchObject({ srs_stage: 0, unlocked_at: iso(app.clock.now()), started_at: null });
  });

  it('opens exactly the listed ids that are in the tranche and ignores the others', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    // 1 is already unlocked, 5 and 7 are locked but not in the tranche, 999 does not exist.
    expect(await advance(app, token, { subject_ids: [4, 1, 5, 7, 999] })).toEqual({
      outcome: 'unlocked',
      unlocked: 1,
      level: 1,
      pending: 0,
      reason: null,
    });
    expect(await unlockedIds(app, token)).toEqual([1, 2, 4]);
  });

  it('answers nothing_to_unlock when none of the listed ids is in the tranche, and for an empty list', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    for (const body of [{ subject_ids: [5, 999] }, { subject_ids: [] }]) {
      expect(await advance(app, token, body)).toEqual({
        outcome: 'nothing',
        unlocked: 0,
        level: 1,
        pending: 0,
        reason: 'nothing_to_unlock',
      });
    }
    expect(await unlockedIds(app, token)).toEqual([1, 2]);
  });

  it('refuses with lessons_pending (a 200) while an unlocked lesson is not started, and reports the pending count', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    expect(await advance(app, token)).toEqual({ outcome: 'nothing', unlocked: 0, level: 1, pending: 1, reason: 'lessons_pending' });
    expect(await unlockedIds(app, token)).toEqual([1, 2]);
  });

  it('opens one tranche per call: the second call meets the first call lessons', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    expect((await advance(app, token, { subject_ids: [3] })).outcome).toBe('unlocked');
    expect(await advance(app, token)).toMatchObject({ outcome: 'nothing', reason: 'lessons_pending', pending: 1 });
    expect(await unlockedIds(app, token)).toEqual([1, 2, 3]);
  });

  it('levels up into the next level tranche once the level is empty and its kanji are started', async () => {
    const app = t();
    // Level 1 holds two kanji, both startable: ceil(0.9 x 2) = 2.
    await seedSubjects(app.deps, [
      radical(1, 1),
      kanji(3, 1, [1]),
      kanji(4, 1, [1]),
      radical(6, 2),
      kanji(7, 2, [1]),
      kanji(9, 2, [6]),
      vocabulary(8, 2, [3]),
    ]);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await advance(app, token);
    await startSubject(app, token, 3);
    await startSubject(app, token, 4);
    app.clock.advance(5 * 60_000);

    // Listing only k7: the level still opens as a level-up opens one, so its component-less r6 unlocks with it.
    expect(await advance(app, token, { subject_ids: [7] })).toEqual({
      outcome: 'levelled_up',
      unlocked: 2,
      level: 2,
      pending: 0,
      reason: null,
    });
    expect(await userLevel(app, token)).toBe(2);
    expect(await unlockedIds(app, token)).toEqual([1, 3, 4, 6, 7]);
    const progressions = (await app.get('/api/v1/level_progressions', token)).json().data.map((p: { data: object }) => p.data);
    expect(progressions).toEqual([
      expect.objectContaining({ level: 1, passed_at: null }),
      expect.objectContaining({ level: 2, unlocked_at: iso(app.clock.now()), started_at: null, passed_at: null }),
    ]);
  });

  it.each([
    [8, 'nothing', 'nothing_to_unlock', 1],
    [9, 'levelled_up', null, 2],
  ])('with %i of 10 level kanji started the level-up threshold (9) gives %s', async (startable, outcome, reason, level) => {
    const app = t();
    const kanjiIds = Array.from({ length: 10 }, (_, i) => 100 + i);
    // The kanji past `startable` wait on a level-2 radical, so they can be neither unlocked nor started.
    const content = [radical(1, 1), radical(20, 2), ...kanjiIds.map((id, i) => kanji(id, 1, [i < startable ? 1 : 20]))];
    await seedSubjects(app.deps, content);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await advance(app, token);
    for (const id of kanjiIds.slice(0, startable)) await startSubject(app, token, id);
    expect(await advance(app, token)).toMatchObject({ outcome, reason, level });
  });

  it('answers max_level at the top level with an empty tranche', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(3, 1, [1])]);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await advance(app, token);
    await startSubject(app, token, 3);
    expect(await advance(app, token)).toEqual({ outcome: 'nothing', unlocked: 0, level: 1, pending: 0, reason: 'max_level' });
  });

  it('opens one tranche for concurrent calls of one user', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    const results = await Promise.all([1, 2, 3, 4].map(() => app.post('/api/v1/advance', token)));
    const bodies = results.map((r) => r.json().data);
    expect(bodies.filter((b) => b.outcome === 'unlocked')).toEqual([
      { outcome: 'unlocked', unlocked: 2, level: 1, pending: 0, reason: null },
    ]);
    expect(bodies.filter((b) => b.outcome === 'nothing').map((b) => b.reason)).toEqual([
      'lessons_pending',
      'lessons_pending',
      'lessons_pending',
    ]);
    expect(await unlockedIds(app, token)).toEqual([1, 2, 3, 4]);
  });

  it('levels up once for concurrent calls', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(3, 1, [1]), radical(6, 2), kanji(7, 2, [1])]);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await advance(app, token);
    await startSubject(app, token, 3);
    const bodies = (await Promise.all([1, 2, 3].map(() => app.post('/api/v1/advance', token)))).map((r) => r.json().data);
    expect(bodies.filter((b) => b.outcome === 'levelled_up')).toHaveLength(1);
    expect(bodies.filter((b) => b.outcome === 'nothing' && b.reason === 'lessons_pending')).toHaveLength(2);
    expect((await app.get('/api/v1/level_progressions', token)).json().total_count).toBe(2);
  });

  it('rejects a malformed body with 422 and opens nothing', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    for (const body of [{ subject_ids: '3,4' }, { subject_ids: [3, '4'] }, { subject_ids: [3.5] }, { subject_ids: null }, [3, 4], 'x']) {
      const res = await app.post('/api/v1/advance', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ error: expect.any(String), code: 422 });
    }
    const broken = await app.request({
      method: 'POST',
      url: '/api/v1/advance',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"subject_ids": [',
    });
    expect(broken.statusCode).toBe(422);
    expect(await unlockedIds(app, token)).toEqual([1, 2]);
  });

  it('needs a credential', async () => {
    expect((await t().post('/api/v1/advance', undefined)).statusCode).toBe(401);
  });
});
