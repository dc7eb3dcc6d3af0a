import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects } from '../support/factories.js';
import { assignmentOf, burn, review, start } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();

async function burnManager(app: TestApp, token: string, body: unknown) {
  const res = await app.post('/api/v1/burn_manager', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function subjectIdsWhere(app: TestApp, token: string, query: string): Promise<number[]> {
  const res = await app.get(`/api/v1/assignments?${query}`, token);
  return res
    .json()
    .data.map((a: { data: { subject_id: number } }) => a.data.subject_id)
    .sort((a: number, b: number) => a - b);
}

/** Level 1: radicals 1-4 (system 2), a default-system radical 5, kanji 7 [3]; a level-2 radical 9 stays locked. */
const CONTENT = [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1), radical(5, 1, { srsId: 1 }), kanji(7, 1, [3]), radical(9, 2)];

describeEachEngine('POST /burn_manager', (t) => {
  it('resurrects a burned item: starting stage, burned_at cleared, resurrected_at and available_at now, passed_at kept', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    const burned = await burn(app, token, 5);
    app.clock.advance(3 * 60 * 60_000 + 17_000);

    const data = await burnManager(app, token, { action: 'resurrect', subject_ids: [5] });
    expect(data).toEqual({ action: 'resurrect', changed: [5], skipped: [] });
    expect((await assignmentOf(app, token, 5))?.data).toMatchObject({
      srs_stage: 1,
      burned_at: null,
      resurrected_at: iso(app.clock.now()),
      available_at: iso(app.clock.now()),
      passed_at: burned.data.passed_at,
      started_at: burned.data.started_at,
    });
    // Back in the review queue at once.
    expect(await subjectIdsWhere(app, token, 'immediately_available_for_review')).toEqual([5]);
  });

  it('skips what it cannot resurrect with a reason, listing every id exactly once', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    const other = await createLearner(app.deps, 'bob');
    await burn(app, token, 1);
    await start(app, token, (await assignmentOf(app, token, 2))!.id);
    // Kanji 7 unlocks (and burns) only for the other account.
    await burn(app, other.token, 3);
    await burn(app, other.token, 7);

    // 2 is in review, 3 is a lesson, 7 is burned only for another account, 9 is locked, 999 does not exist; 1 is listed twice.
    const data = await burnManager(app, token, { action: 'resurrect', subject_ids: [2, 1, 3, 7, 9, 999, 1] });
    expect(data).toEqual({
      action: 'resurrect',
      changed: [1],
      skipped: [
        { subject_id: 2, reason: 'not_burned' },
        { subject_id: 3, reason: 'not_burned' },
        { subject_id: 7, reason: 'not_found' },
        { subject_id: 9, reason: 'not_found' },
        { subject_id: 999, reason: 'not_found' },
      ],
    });
    expect((await assignmentOf(app, other.token, 7))?.data.srs_stage).toBe(9);
  });

  it('retires a resurrected item: stage 9, burned_at now, available_at null, passed_at kept', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    const burned = await burn(app, token, 1);
    await burnManager(app, token, { action: 'resurrect', subject_ids: [1] });
    const resurrectedAt = iso(app.clock.now());
    const assignmentId = (await assignmentOf(app, token, 1))!.id;
    await review(app, token, assignmentId, 1);
    app.clock.advance(90_000);

    expect(await burnManager(app, token, { action: 'retire', subject_ids: [1] })).toEqual({ action: 'retire', changed: [1], skipped: [] });
    expect((await assignmentOf(app, token, 1))?.data).toMatchObject({
      srs_stage: 9,
      burned_at: iso(app.clock.now()),
      available_at: null,
      passed_at: burned.data.passed_at,
      resurrected_at: resurrectedAt,
    });
  });

  it('skips what it cannot retire: already_burned, not_started, not_resurrected, not_found', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    await burn(app, token, 1);
    // 2 was resurrected and burned again by reviews: burned, so it cannot be retired.
    await burn(app, token, 2);
    await burnManager(app, token, { action: 'resurrect', subject_ids: [2] });
    await burn(app, token, 2);
    await start(app, token, (await assignmentOf(app, token, 3))!.id);

    const data = await burnManager(app, token, { action: 'retire', subject_ids: [1, 2, 3, 4, 9] });
    expect(data).toEqual({
      action: 'retire',
      changed: [],
      skipped: [
        { subject_id: 1, reason: 'already_burned' },
        { subject_id: 2, reason: 'already_burned' },
        { subject_id: 3, reason: 'not_resurrected' },
        { subject_id: 4, reason: 'not_started' },
        { subject_id: 9, reason: 'not_found' },
      ],
    });
  });

  it('resurrected=true marks items brought back at least once, and with burned=false it is exactly what retire accepts', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    for (const id of [1, 2, 3]) await burn(app, token, id);
    await burnManager(app, token, { action: 'resurrect', subject_ids: [1, 2] });
    await burn(app, token, 2);
    await start(app, token, (await assignmentOf(app, token, 4))!.id);

    expect(await subjectIdsWhere(app, token, 'resurrected=true')).toEqual([1, 2]);
    expect(await subjectIdsWhere(app, token, 'resurrected=false')).toEqual([3, 4, 5, 7]);
    const retirable = await subjectIdsWhere(app, token, 'resurrected=true&burned=false');
    expect(retirable).toEqual([1]);
    const data = await burnManager(app, token, { action: 'retire', subject_ids: [1, 2, 3, 4, 5, 7] });
    expect(data.changed).toEqual(retirable);
  });

  it('completes the level (see docs/decisions.md, Level-up) when a retire burns its last subject', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token } = await createLearner(app.deps);
    await burn(app, token, 1);
    await burnManager(app, token, { action: 'resurrect', subject_ids: [1] });
    await burn(app, token, 2);
    const level = async () => (await app.get('/api/v1/level_progressions', token)).json().data[0].data;
    expect((await level()).completed_at).toBeNull();
    app.clock.advance(60_000);
    await burnManager(app, token, { action: 'retire', subject_ids: [1] });
    expect((await level()).completed_at).toBe(iso(app.clock.now()));
  });

  it('fills a missing passed_at on retire, and the pass unlocks dependents', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(2, 1, [1])]);
    const { token, userId } = await createLearner(app.deps);
    const assignmentId = (await assignmentOf(app, token, 1))!.id;
    await start(app, token, assignmentId);
    // Imported history can hold a resurrected item that never passed: make one directly.
    await app.deps.db.kysely
      .updateTable('assignments')
      .set({ resurrected_at: app.clock.now() })
      .where('user_id', '=', userId)
      .where('id', '=', assignmentId)
      .execute();
    await moveLearnerStamps(app.deps.db, [userId]);

    await burnManager(app, token, { action: 'retire', subject_ids: [1] });
    expect((await assignmentOf(app, token, 1))?.data).toMatchObject({ srs_stage: 9, passed_at: iso(app.clock.now()) });
    expect((await assignmentOf(app, token, 2))?.data.unlocked_at).toBe(iso(app.clock.now()));
  });

  it('applies concurrent calls one after the other: a subject moves once', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    await burn(app, token, 1);
    await burn(app, token, 2);
    const body = { action: 'resurrect', subject_ids: [1, 2] };
    const results = (await Promise.all([1, 2, 3].map(() => app.post('/api/v1/burn_manager', token, body)))).map((r) => r.json().data);
    expect(results.filter((d) => d.changed.length === 2)).toHaveLength(1);
    expect(
      results.filter((d) => d.changed.length === 0 && d.skipped.every((s: { reason: string }) => s.reason === 'not_burned')),
    ).toHaveLength(2);
  });

  it('rejects a bad body with 422 and changes nothing', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    const before = await burn(app, token, 1);
    const bodies: unknown[] = [
      { action: 'resurrect', subject_ids: [] },
      { action: 'resurrect', subject_ids: Array.from({ length: 201 }, (_, i) => i + 1) },
      { action: 'revive', subject_ids: [1] },
      { subject_ids: [1] },
      { action: 'resurrect' },
      { action: 'resurrect', subject_ids: 1 },
      { action: 'resurrect', subject_ids: [1, 'x'] },
      { action: 'resurrect', subject_ids: [1, 2.5] },
      { action: 'resurrect', subject_ids: [1, 99_999_999_999] },
      [1],
    ];
    for (const body of bodies) {
      const res = await app.post('/api/v1/burn_manager', token, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json()).toEqual({ error: expect.any(String), code: 422 });
    }
    expect((await assignmentOf(app, token, 1))?.data).toEqual(before.data);
    // 200 ids is within the limit.
    const full = await burnManager(app, token, { action: 'resurrect', subject_ids: Array.from({ length: 200 }, (_, i) => i + 1) });
    expect(full.changed).toEqual([1]);
    expect(full.skipped).toHaveLength(199);
  });

  it('needs a credential', async () => {
    expect((await t().post('/api/v1/burn_manager', undefined, { action: 'resurrect', subject_ids: [1] })).statusCode).toBe(401);
  });
});
