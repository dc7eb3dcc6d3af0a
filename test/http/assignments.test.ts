import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { assignmentOf, pass, review, start } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();

describeEachEngine('assignments', (t) => {
  const curriculum = [
    radical(1, 1),
    radical(2, 1),
    kanji(3, 1, [1]),
    kanji(4, 1, [1, 2]),
    vocabulary(5, 1, [3]),
    kanaVocabulary(6, 1),
    radical(7, 2),
    radical(8, 1, { hidden: true }),
  ];

  it('creates the new-account lessons: every visible component-less level-1 subject', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const { token } = await createLearner(app.deps);
    const res = await app.get('/api/v1/assignments', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ object: 'collection', pages: { per_page: 500, next_url: null, previous_url: null }, total_count: 3 });
    expect(body.data.map((a: { data: { subject_id: number } }) => a.data.subject_id)).toEqual([1, 2, 6]);
    expect(body.data[0]).toMatchObject({
      object: 'assignment',
      url: `${TEST_BASE_URL}/assignments/${body.data[0].id}`,
      data_updated_at: iso(T0),
      data: {
        created_at: iso(T0),
        subject_id: 1,
        subject_type: 'radical',
        srs_stage: 0,
        unlocked_at: iso(T0),
        started_at: null,
        passed_at: null,
        burned_at: null,
        available_at: null,
        resurrected_at: null,
        hidden: false,
      },
    });
  });

  it('filters by every field and flag of the contract', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const { token } = await createLearner(app.deps);
    app.clock.advance(60 * 1000);
    await pass(app, token, 1);
    const kana = (await assignmentOf(app, token, 6))!;
    await start(app, token, kana.id);
    app.clock.advance(30 * 24 * HOUR_MS);
    const subjects = async (query: string) => {
      const res = await app.get(`/api/v1/assignments?${query}`, token);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((a: { data: { subject_id: number } }) => a.data.subject_id)
        .sort((x: number, y: number) => x - y);
    };
    const radicalId = (await assignmentOf(app, token, 1))!.id;
    expect(await subjects(`ids=${radicalId}`)).toEqual([1]);
    expect(await subjects('subject_ids=2,6')).toEqual([2, 6]);
    expect(await subjects('subject_types=kanji')).toEqual([3]);
    expect(await subjects('subject_types=kana_vocabulary,radical')).toEqual([1, 2, 6]);
    expect(await subjects('srs_stages=0')).toEqual([2, 3]);
    expect(await subjects('srs_stages=5,1')).toEqual([1, 6]);
    expect(await subjects('levels=1')).toEqual([1, 2, 3, 6]);
    expect(await subjects('levels=2')).toEqual([]);
    expect(await subjects('unlocked=true')).toEqual([1, 2, 3, 6]);
    expect(await subjects('started=true')).toEqual([1, 6]);
    expect(await subjects('started=false')).toEqual([2, 3]);
    expect(await subjects('started=1')).toEqual([1, 6]);
    expect(await subjects('passed=true')).toEqual([1]);
    expect(await subjects('passed=false')).toEqual([2, 3, 6]);
    expect(await subjects('burned=true')).toEqual([]);
    expect(await subjects('hidden=false')).toEqual([1, 2, 3, 6]);
    expect(await subjects('resurrected=true')).toEqual([]);
    expect(await subjects('immediately_available_for_lessons')).toEqual([2, 3]);
    expect(await subjects('immediately_available_for_lessons=true')).toEqual([2, 3]);
    expect(await subjects('immediately_available_for_lessons=false')).toEqual([1, 2, 3, 6]);
    expect(await subjects('immediately_available_for_review')).toEqual([1, 6]);
    expect(await subjects('in_review')).toEqual([1, 6]);
    expect(await subjects('in_review&subject_types=radical')).toEqual([1]);
    expect(await subjects(`updated_after=${iso(T0)}`)).toEqual([1, 3, 6]);
    expect(await subjects(`available_before=${iso(T0 + 2 * HOUR_MS)}`)).toEqual([6]);
    expect(await subjects(`available_after=${iso(T0 + 3 * HOUR_MS)}`)).toEqual([1]);
    const bad = await app.get('/api/v1/assignments?subject_types=hanzi', token);
    expect(bad.statusCode).toBe(422);
    expect((await app.get('/api/v1/assignments?srs_stages=a', token)).statusCode).toBe(422);
  });

  it('keeps users apart: another user’s assignment is a 404 and never listed', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    const bobs = (await assignmentOf(app, bob.token, 1))!;
    const res = await app.get(`/api/v1/assignments/${bobs.id}`, alice.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', code: 404 });
    expect((await app.put(`/api/v1/assignments/${bobs.id}/start`, alice.token)).statusCode).toBe(404);
    expect((await app.get(`/api/v1/assignments?ids=${bobs.id}`, alice.token)).json().total_count).toBe(0);
    expect((await app.get(`/api/v1/assignments/${bobs.id}`, bob.token)).statusCode).toBe(200);
  });

  it('starts a lesson with no body, a bare body or the wrapper, scheduling the first review', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const { token } = await createLearner(app.deps);
    const [a1, a2, a6] = [(await assignmentOf(app, token, 1))!, (await assignmentOf(app, token, 2))!, (await assignmentOf(app, token, 6))!];
    app.clock.advance(HOUR_MS);
    const now = app.clock.now();
    // Level-1 subjects run the accelerated system: stage 1 is 2 hours.
    const first = await start(app, token, a1.id);
    expect(first.data).toMatchObject({
      srs_stage: 1,
      started_at: iso(now),
      available_at: iso(Math.floor(now / HOUR_MS) * HOUR_MS + 2 * HOUR_MS),
    });
    expect(first.data_updated_at).toBe(iso(now));
    const startedAt = iso(T0 + 30 * 60 * 1000);
    expect((await start(app, token, a2.id, { started_at: startedAt })).data.started_at).toBe(startedAt);
    expect((await start(app, token, a6.id, { assignment: { started_at: startedAt } })).data.started_at).toBe(startedAt);
    const level = (await app.get('/api/v1/level_progressions', token)).json().data[0].data;
    expect(level.started_at).toBe(startedAt);
  });

  it('refuses a second start and a bad timestamp', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const { token } = await createLearner(app.deps);
    const a1 = (await assignmentOf(app, token, 1))!;
    const a2 = (await assignmentOf(app, token, 2))!;
    await start(app, token, a1.id);
    const again = await app.put(`/api/v1/assignments/${a1.id}/start`, token);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ error: 'Assignment has already been started.', code: 422 });
    const cases: [unknown, string][] = [[{ started_at: 'yesterday' }, 'started_at must be an ISO-8601 timestamp.']];
    for (const [body, message] of cases) {
      const res = await app.put(`/api/v1/assignments/${a2.id}/start`, token, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: message, code: 422 });
    }
    expect((await app.put(`/api/v1/assignments/${a2.id}/start`, token, { started_at: 5 })).statusCode).toBe(422);
    expect((await assignmentOf(app, token, 2))!.data.started_at).toBeNull();
    expect((await app.put('/api/v1/assignments/999999/start', token)).statusCode).toBe(404);
  });

  it('clamps a start from a device clock that is off, as review times are: never a 422 that loses the lesson', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    app.clock.set(iso(T0 - HOUR_MS));
    const { token } = await createLearner(app.deps);
    const unlockedAt = iso(T0 - HOUR_MS);
    app.clock.set(iso(T0));
    const [a1, a2, a3] = [(await assignmentOf(app, token, 1))!, (await assignmentOf(app, token, 2))!, (await assignmentOf(app, token, 6))!];
    // 5 s in the future: started now, scheduled from now.
    const ahead = await start(app, token, a1.id, { started_at: iso(T0 + 5000) });
    expect(ahead.data).toMatchObject({ started_at: iso(T0), available_at: iso(Math.floor(T0 / HOUR_MS) * HOUR_MS + 2 * HOUR_MS) });
    // A few milliseconds before the unlock: started at the unlock.
    const early = await start(app, token, a2.id, { started_at: iso(T0 - HOUR_MS - 7) });
    expect(early.data.started_at).toBe(unlockedAt);
    expect(early.data.available_at).toBe(iso(Math.floor((T0 - HOUR_MS) / HOUR_MS) * HOUR_MS + 2 * HOUR_MS));
    // Within the window: as given.
    expect((await start(app, token, a3.id, { started_at: iso(T0 - 60_000) })).data.started_at).toBe(iso(T0 - 60_000));
    const level = (await app.get('/api/v1/level_progressions', token)).json().data[0].data;
    expect(level.started_at).toBe(unlockedAt);
    // The day's lesson count takes every start at its clamped time.
    expect((await app.get('/api/v1/lesson_allowance', token)).json().data.started_today).toBe(3);
  });

  it('answers conditional requests and changes its ETag when a row changes', async () => {
    const app = t();
    await seedSubjects(app.deps, curriculum);
    const { token } = await createLearner(app.deps);
    const first = await app.get('/api/v1/assignments', token);
    const etag = first.headers.etag as string;
    expect((await app.get('/api/v1/assignments', token, { 'if-none-match': etag })).statusCode).toBe(304);
    await review(app, token, (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id);
    const changed = await app.get('/api/v1/assignments', token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });
});
