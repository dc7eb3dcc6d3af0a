import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { expect, it } from 'vitest';
import { EXTRA_STUDY_KINDS } from '../../src/services/extra-study.js';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import { assignmentOf, burn, review, start } from '../support/study.js';

interface Item {
  assignmentId: number;
  subjectId: number;
}

const RADICALS = [1, 2, 3, 4, 5, 6];
const CONTENT = RADICALS.map((id) => radical(id, 1));

async function study(app: TestApp, token: string, kind: string) {
  const res = await app.get(`/api/v1/study?kind=${kind}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function postStudy(app: TestApp, token: string, body: unknown) {
  const res = await app.post('/api/v1/study', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function startSubject(app: TestApp, token: string, subjectId: number): Promise<Item> {
  const assignment = (await assignmentOf(app, token, subjectId))!;
  await start(app, token, assignment.id);
  return { assignmentId: assignment.id, subjectId };
}

const subjectsOf = (items: Item[]) => items.map((i) => i.subjectId);

/** Every assignment's envelope, to show that extra study leaves them alone. */
async function assignmentsSnapshot(app: TestApp, token: string) {
  return (await app.get('/api/v1/assignments', token)).json().data;
}

async function setup(app: TestApp): Promise<Learner> {
  await seedSubjects(app.deps, CONTENT);
  return createLearner(app.deps);
}

describeEachEngine('Extra Study', (t) => {
  it('GET /study needs a known kind', async () => {
    const app = t();
    const { token } = await setup(app);
    for (const [query, message] of [
      ['', 'kind is required.'],
      ['?kind=', 'kind is required.'],
      ['?kind=everything', 'kind must be one of: recent_lessons, recent_mistakes, burned_items.'],
    ]) {
      const res = await app.get(`/api/v1/study${query}`, token);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: message, code: 422 });
    }
  });

  it('recent_lessons: lessons started in the last 24 hours, newest first', async () => {
    const app = t();
    const { token } = await setup(app);
    await startSubject(app, token, 1);
    app.clock.advance(HOUR_MS);
    const second = await startSubject(app, token, 2);
    app.clock.advance(HOUR_MS);
    const third = await startSubject(app, token, 3);
    app.clock.advance(22 * HOUR_MS + 30 * 60_000);

    const body = (await app.get('/api/v1/study?kind=recent_lessons', token)).json();
    expect(body.object).toBe('report');
    // The first lesson is 24.5 hours old: out of the window.
    expect(body.data).toEqual({
      kind: 'recent_lessons',
      capped: false,
      total_count: 2,
      progress: { remaining: 2, total: 2 },
      items: [third, second],
    });
  });

  it('burned_items: burned assignments, most recently burned first', async () => {
    const app = t();
    const { token } = await setup(app);
    await burn(app, token, 2);
    app.clock.advance(60_000);
    await burn(app, token, 1);
    const data = await study(app, token, 'burned_items');
    expect(subjectsOf(data.items)).toEqual([1, 2]);
    expect(data.progress).toEqual({ remaining: 2, total: 2 });
  });

  it('caps a set at 100 items and says so', async () => {
    const app = t();
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    await seedSubjects(
      app.deps,
      ids.map((id) => radical(id, 1)),
    );
    const { token, userId } = await createLearner(app.deps);
    // 101 burned items, subject n burned n minutes after T0 (built directly: the reviews would take minutes).
    for (const id of ids) {
      const burnedAt = app.clock.now() + id * 60_000;
      await app.deps.db.kysely
        .updateTable('assignments')
        .set({ srs_stage: 9, started_at: app.clock.now(), passed_at: burnedAt, burned_at: burnedAt })
        .where('user_id', '=', userId)
        .where('subject_id', '=', id)
        .execute();
    }
    await moveLearnerStamps(app.deps.db, [userId]);
    app.clock.advance(HOUR_MS * 3);
    const data = await study(app, token, 'burned_items');
    expect(data).toMatchObject({ capped: true, total_count: 100, progress: { remaining: 100, total: 100 } });
    expect(subjectsOf(data.items)).toEqual(ids.slice(1).reverse());
    const opened = await postStudy(app, token, { kind: 'burned_items' });
    expect(opened).toMatchObject({ capped: true, total_count: 100, progress: { remaining: 100, total: 100 } });
    expect(await study(app, token, 'burned_items')).toMatchObject({ capped: true, progress: { remaining: 100, total: 100 } });
  });

  it('opens a cycle that freezes its items, resumes it as it stands, and counts items down once each', async () => {
    const app = t();
    const { token } = await setup(app);
    const a = await startSubject(app, token, 1);
    const b = await startSubject(app, token, 2);

    expect(await postStudy(app, token, { kind: 'recent_lessons' })).toEqual({
      kind: 'recent_lessons',
      capped: false,
      total_count: 2,
      progress: { remaining: 2, total: 2 },
      items: [b, a],
    });
    // A lesson started after the opening does not join the cycle.
    await startSubject(app, token, 3);

    expect(await postStudy(app, token, { kind: 'recent_lessons', assignment_id: b.assignmentId })).toEqual({
      kind: 'recent_lessons',
      progress: { remaining: 1, total: 2 },
    });
    // Recording the same item again does not double-count.
    expect(await postStudy(app, token, { kind: 'recent_lessons', assignment_id: b.assignmentId })).toEqual({
      kind: 'recent_lessons',
      progress: { remaining: 1, total: 2 },
    });
    // Resume: the open cycle as it stands, listing what is left.
    const resumed = await postStudy(app, token, { kind: 'recent_lessons' });
    expect(resumed).toMatchObject({ total_count: 1, progress: { remaining: 1, total: 2 }, items: [a] });
    expect(await study(app, token, 'recent_lessons')).toEqual(resumed);

    expect(await postStudy(app, token, { kind: 'recent_lessons', assignment_id: a.assignmentId })).toEqual({
      kind: 'recent_lessons',
      progress: { remaining: 0, total: 2 },
    });
    // A retry after the cycle finished is still answered without counting twice.
    expect(await postStudy(app, token, { kind: 'recent_lessons', assignment_id: a.assignmentId })).toEqual({
      kind: 'recent_lessons',
      progress: { remaining: 0, total: 2 },
    });
    // Finished: reads show the set now, and the next open starts a fresh cycle over it.
    expect((await study(app, token, 'recent_lessons')).progress).toEqual({ remaining: 3, total: 3 });
    expect((await postStudy(app, token, { kind: 'recent_lessons' })).progress).toEqual({ remaining: 3, total: 3 });
  });

  it('keeps one cycle per kind apart from the others', async () => {
    const app = t();
    const { token } = await setup(app);
    const lesson = await startSubject(app, token, 1);
    await burn(app, token, 2);
    await postStudy(app, token, { kind: 'recent_lessons' });
    await postStudy(app, token, { kind: 'burned_items' });
    const res = await app.post('/api/v1/study', token, { kind: 'burned_items', assignment_id: lesson.assignmentId });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Assignment is not in the current burned_items extra study cycle.', code: 422 });
    expect((await study(app, token, 'burned_items')).progress).toEqual({ remaining: 1, total: 1 });
  });

  it('recent_mistakes: wrong in the last 24 hours; recording does not count down, a correct real review does', async () => {
    const app = t();
    const { token } = await setup(app);
    const a = await startSubject(app, token, 1);
    const b = await startSubject(app, token, 2);
    const c = await startSubject(app, token, 3);
    await review(app, token, a.assignmentId, 1);
    await review(app, token, b.assignmentId, 3);
    await review(app, token, c.assignmentId, 1);
    // c is put right by a later correct review: it is not a recent mistake.
    await review(app, token, c.assignmentId);

    // Worst first.
    expect((await study(app, token, 'recent_mistakes')).items).toEqual([b, a]);
    expect((await postStudy(app, token, { kind: 'recent_mistakes' })).progress).toEqual({ remaining: 2, total: 2 });
    expect(await postStudy(app, token, { kind: 'recent_mistakes', assignment_id: a.assignmentId })).toEqual({
      kind: 'recent_mistakes',
      progress: { remaining: 2, total: 2 },
    });

    // Long after the window the frozen mistakes stay until answered right.
    app.clock.advance(30 * HOUR_MS);
    expect((await study(app, token, 'recent_mistakes')).progress).toEqual({ remaining: 2, total: 2 });
    await review(app, token, b.assignmentId);
    const left = await study(app, token, 'recent_mistakes');
    expect(left).toMatchObject({ progress: { remaining: 1, total: 2 }, items: [a] });
    await review(app, token, a.assignmentId);
    // Both left: the cycle is finished, and nothing is a recent mistake any more.
    expect(await study(app, token, 'recent_mistakes')).toMatchObject({ total_count: 0, progress: { remaining: 0, total: 0 }, items: [] });
  });

  it('drops mistakes older than 24 hours from a new set', async () => {
    const app = t();
    const { token } = await setup(app);
    const a = await startSubject(app, token, 1);
    await review(app, token, a.assignmentId, 1);
    app.clock.advance(24 * HOUR_MS - 1);
    expect((await study(app, token, 'recent_mistakes')).items).toEqual([a]);
    app.clock.advance(1);
    expect((await study(app, token, 'recent_mistakes')).items).toEqual([]);
  });

  it('rejects bad records: 422 for an item not in the cycle or a malformed body, 404 for another account', async () => {
    const app = t();
    const { token } = await setup(app);
    const other = await createLearner(app.deps, 'bob');
    const a = await startSubject(app, token, 1);
    const notInCycle = (await assignmentOf(app, token, 2))!;
    const theirs = (await assignmentOf(app, other.token, 1))!;

    // No cycle yet: nothing to record into.
    expect((await app.post('/api/v1/study', token, { kind: 'recent_lessons', assignment_id: a.assignmentId })).statusCode).toBe(422);
    await postStudy(app, token, { kind: 'recent_lessons' });
    expect((await app.post('/api/v1/study', token, { kind: 'recent_lessons', assignment_id: notInCycle.id })).statusCode).toBe(422);
    for (const id of [theirs.id, 999_999]) {
      const res = await app.post('/api/v1/study', token, { kind: 'recent_lessons', assignment_id: id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.any(String), code: 404 });
    }
    for (const body of [
      {},
      { kind: 'everything' },
      { kind: 'recent_lessons', assignment_id: '1' },
      { kind: 'recent_lessons', assignment_id: 1.5 },
      { kind: 'recent_lessons', assignment_id: 0 },
      { kind: 'recent_lessons', assignment_id: 99_999_999_999 },
      ['recent_lessons'],
    ]) {
      const res = await app.post('/api/v1/study', token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ error: expect.any(String), code: 422 });
    }
    expect((await study(app, token, 'recent_lessons')).progress).toEqual({ remaining: 1, total: 1 });
  });

  it('never writes assignments, reviews or statistics', async () => {
    const app = t();
    const { token } = await setup(app);
    const a = await startSubject(app, token, 1);
    await review(app, token, a.assignmentId, 1);
    await burn(app, token, 2);
    const before = await assignmentsSnapshot(app, token);
    const statistics = (await app.get('/api/v1/review_statistics', token)).json().data;

    app.clock.advance(HOUR_MS);
    for (const kind of EXTRA_STUDY_KINDS) {
      await study(app, token, kind);
      const opened = await postStudy(app, token, { kind });
      for (const item of opened.items as Item[]) await postStudy(app, token, { kind, assignment_id: item.assignmentId });
    }
    expect(await assignmentsSnapshot(app, token)).toEqual(before);
    expect((await app.get('/api/v1/review_statistics', token)).json().data).toEqual(statistics);
  });

  it('serialises concurrent calls: one cycle opens, an item counts once', async () => {
    const app = t();
    const { token } = await setup(app);
    const items = [await startSubject(app, token, 1), await startSubject(app, token, 2), await startSubject(app, token, 3)];
    const opened = await Promise.all([1, 2, 3, 4].map(() => postStudy(app, token, { kind: 'recent_lessons' })));
    expect(opened.map((o) => o.progress)).toEqual(Array(4).fill({ remaining: 3, total: 3 }));
    const first = items[0]!.assignmentId;
    const same = await Promise.all([1, 2, 3].map(() => postStudy(app, token, { kind: 'recent_lessons', assignment_id: first })));
    expect(same.map((r) => r.progress.remaining)).toEqual([2, 2, 2]);
    await Promise.all(items.slice(1).map((i) => postStudy(app, token, { kind: 'recent_lessons', assignment_id: i.assignmentId })));
    expect((await study(app, token, 'recent_lessons')).progress).toEqual({ remaining: 3, total: 3 });
    const cycles = await app.deps.db.kysely.selectFrom('extra_study_cycles').select(['id', 'finished_at']).execute();
    expect(cycles).toHaveLength(1);
    expect(cycles[0]!.finished_at).not.toBeNull();
  });

  it('agrees with the dashboard counts for every kind, with and without an open cycle', async () => {
    const app = t();
    const { token } = await setup(app);
    const a = await startSubject(app, token, 1);
    await startSubject(app, token, 3);
    await review(app, token, a.assignmentId, 2);
    await burn(app, token, 2);
    const agree = async () => {
      const dashboard = await app.get('/api/v1/dashboard', token);
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      const counts = (dashboard.json() as { data: { extra_study: Record<string, unknown> } }).data.extra_study;
      for (const kind of EXTRA_STUDY_KINDS) expect(counts[kind], kind).toEqual((await study(app, token, kind)).progress);
      return counts;
    };
    expect(await agree()).toEqual({
      recent_lessons: { remaining: 3, total: 3 },
      recent_mistakes: { remaining: 1, total: 1 },
      burned_items: { remaining: 1, total: 1 },
    });
    for (const kind of EXTRA_STUDY_KINDS) {
      const opened = await postStudy(app, token, { kind });
      await postStudy(app, token, { kind, assignment_id: (opened.items as Item[])[0]!.assignmentId });
    }
    // The one-item burned cycle finished, so that kind shows the set now again.
    expect(await agree()).toEqual({
      recent_lessons: { remaining: 2, total: 3 },
      recent_mistakes: { remaining: 1, total: 1 },
      burned_items: { remaining: 1, total: 1 },
    });
  });

  it('needs a credential', async () => {
    const app = t();
    expect((await app.get('/api/v1/study?kind=recent_lessons')).statusCode).toBe(401);
    expect((await app.post('/api/v1/study', undefined, { kind: 'recent_lessons' })).statusCode).toBe(401);
  });
});
