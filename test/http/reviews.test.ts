import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects } from '../support/factories.js';
import { assignmentOf, review, start } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

describeEachEngine('POST /reviews', (t) => {
  it('answers 201 with the review and the updated assignment and statistic', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1, { srsId: 1 })]);
    const { token } = await createLearner(app.deps);
    const assignment = (await assignmentOf(app, token, 1))!;
    await start(app, token, assignment.id);
    app.clock.advance(5 * HOUR_MS);
    const res = await app.post('/api/v1/reviews', token, {
      review: { assignment_id: assignment.id, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      object: 'review',
      url: `${TEST_BASE_URL}/reviews/${body.id}`,
      data: {
        created_at: iso(app.clock.now()),
        assignment_id: assignment.id,
        subject_id: 1,
        starting_srs_stage: 1,
        ending_srs_stage: 2,
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
        spaced_repetition_system_id: 1,
      },
      resources_updated: {
        assignment: {
          id: assignment.id,
          object: 'assignment',
          data: { srs_stage: 2, available_at: iso(floorHour(app.clock.now()) + 8 * HOUR_MS) },
        },
        review_statistic: {
          object: 'review_statistic',
          data: { subject_id: 1, subject_type: 'radical', meaning_correct: 1, percentage_correct: 100, hidden: false },
        },
      },
    });
  });

  it('resolves subject_id to the caller’s assignment and ignores reading answers for radicals and kana vocabulary', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanaVocabulary(2, 1)]);
    const { token } = await createLearner(app.deps);
    for (const subjectId of [1, 2]) {
      await start(app, token, (await assignmentOf(app, token, subjectId))!.id);
      const res = await app.post('/api/v1/reviews', token, {
        subject_id: subjectId,
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 4,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ subject_id: subjectId, ending_srs_stage: 2, incorrect_reading_answers: 0 });
      expect(res.json().resources_updated.review_statistic.data).toMatchObject({ reading_correct: 0, reading_incorrect: 0 });
    }
  });

  it('drops a kanji by ceil(incorrect / 2) counting meaning and reading together', async () => {
    const app = t();
    await seedSubjects(app.deps, [kanji(1, 1, [])]);
    const { token } = await createLearner(app.deps);
    const a = (await assignmentOf(app, token, 1))!;
    await start(app, token, a.id);
    for (let i = 0; i < 3; i += 1) await review(app, token, a.id);
    const body = await review(app, token, a.id, 1, 2);
    expect(body.data).toMatchObject({
      starting_srs_stage: 4,
      ending_srs_stage: 2,
      incorrect_meaning_answers: 1,
      incorrect_reading_answers: 2,
    });
    expect(body.resources_updated.review_statistic.data).toMatchObject({
      meaning_incorrect: 1,
      reading_incorrect: 2,
      meaning_current_streak: 1,
    });
  });

  it('schedules from created_at, clamping a future time to now and an early one to started_at', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1, { srsId: 1 }), radical(2, 1, { srsId: 1 }), radical(3, 1, { srsId: 1 })]);
    const { token } = await createLearner(app.deps);
    const ids = [];
    for (const s of [1, 2, 3]) ids.push((await start(app, token, (await assignmentOf(app, token, s))!.id)).id);
    app.clock.advance(10 * HOUR_MS);
    const now = app.clock.now();
    const cases: [number, string, number][] = [
      [ids[0]!, iso(now - 3 * HOUR_MS + 17), now - 3 * HOUR_MS + 17],
      [ids[1]!, iso(now + 48 * HOUR_MS), now],
      [ids[2]!, iso(T0 - 48 * HOUR_MS), T0],
    ];
    for (const [id, createdAt, expected] of cases) {
      const res = await app.post('/api/v1/reviews', token, {
        assignment_id: id,
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
        created_at: createdAt,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.created_at).toBe(iso(expected));
      expect(res.json().resources_updated.assignment.data.available_at).toBe(iso(floorHour(expected) + 8 * HOUR_MS));
    }
  });

  it('is not idempotent: two posts are two reviews', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    const first = await review(app, token, a);
    const second = await review(app, token, a);
    expect([first.data.ending_srs_stage, second.data.ending_srs_stage]).toEqual([2, 3]);
    expect(second.id).not.toBe(first.id);
  });

  it('rejects bad input with 422 or 404 and writes nothing', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    const started = (await start(app, alice.token, (await assignmentOf(app, alice.token, 1))!.id)).id;
    const unstarted = (await assignmentOf(app, alice.token, 2))!.id;
    const bobs = (await assignmentOf(app, bob.token, 1))!.id;
    const body = (extra: object) => ({ assignment_id: started, incorrect_meaning_answers: 0, incorrect_reading_answers: 0, ...extra });
    const cases: [object, number, string | null][] = [
      [body({ assignment_id: unstarted }), 422, 'Assignment is not started and cannot be reviewed yet.'],
      [{ incorrect_meaning_answers: 0, incorrect_reading_answers: 0 }, 422, 'assignment_id or subject_id is required.'],
      [body({ incorrect_meaning_answers: -1 }), 422, null],
      [body({ incorrect_reading_answers: 1.5 }), 422, null],
      [body({ incorrect_meaning_answers: '1' }), 422, null],
      [{ assignment_id: started, incorrect_reading_answers: 0 }, 422, null],
      [body({ created_at: 'last tuesday' }), 422, 'created_at must be an ISO-8601 timestamp.'],
      [body({ assignment_id: bobs }), 404, 'Not found'],
      [body({ assignment_id: 999999 }), 404, 'Not found'],
      [{ subject_id: 999, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 }, 404, 'Not found'],
      [body({ subject_id: 2 }), 422, 'assignment_id and subject_id name different subjects.'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await app.post('/api/v1/reviews', alice.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().code).toBe(status);
      if (message) expect(res.json().error).toBe(message);
    }
    expect((await assignmentOf(app, alice.token, 1))!.data.srs_stage).toBe(1);
    expect((await app.get('/api/v1/review_statistics', alice.token)).json().total_count).toBe(0);
    expect((await assignmentOf(app, bob.token, 1))!.data.srs_stage).toBe(0);
  });

  it('refuses a review of a burned item', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    for (let i = 0; i < 8; i += 1) await review(app, token, a);
    const res = await app.post('/api/v1/reviews', token, { assignment_id: a, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Assignment is burned and cannot be reviewed.');
  });

  it('keeps GET /reviews empty and every review id unknown', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const reviewed = await review(app, token, (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id);
    const list = await app.get('/api/v1/reviews', token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({
      object: 'collection',
      url: `${TEST_BASE_URL}/reviews`,
      pages: { per_page: 1000, next_url: null, previous_url: null },
      total_count: 0,
      data_updated_at: null,
      data: [],
    });
    expect((await app.get(`/api/v1/reviews/${reviewed.id}`, token)).statusCode).toBe(404);
  });
});
