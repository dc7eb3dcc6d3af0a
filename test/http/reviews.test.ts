import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, it } from 'vitest';
import type { Db } from '../../src/db/connect.js';
import { inTransaction } from '../../src/db/transaction.js';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects } from '../support/factories.js';
import { assignmentOf, review, start } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

/**
 * Another transaction holding the writer until `release`, answered once it has begun: on a loaded
 * machine SQLite's begin can wait behind a commit's sync longer than a few turns of the event loop.
 */
async function writerHeld(db: Db): Promise<{ release: () => void; holding: Promise<void> }> {
  let release!: () => void;
  let begun!: () => void;
  const started = new Promise<void>((resolve) => (begun = resolve));
  const holding = inTransaction(db, () => {
    begun();
    return new Promise<void>((resolve) => (release = resolve));
  });
  await started;
  return { release, holding };
}

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

  // On PostgreSQL a review's writes are one statement (src/db/repositories/review-writes.ts), on SQLite one each.
  it('stores the assignment, statistic, review log, activity and stamp of each review alike on both engines', async () => {
    const app = t();
    await seedSubjects(app.deps, [kanji(1, 1, [])]);
    const { token, userId } = await createLearner(app.deps);
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    app.clock.advance(5 * HOUR_MS);
    const firstAt = app.clock.now();
    const first = await review(app, token, a);
    app.clock.advance(HOUR_MS);
    const secondAt = app.clock.now();
    const second = await review(app, token, a, 0, 1);

    const db = app.deps.db.kysely;
    const user = await db.selectFrom('users').select('change_stamp').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.change_stamp).toBe(secondAt);
    const assignment = await db.selectFrom('assignments').selectAll().where('id', '=', a).executeTakeFirstOrThrow();
    expect(assignment).toMatchObject({ srs_stage: 1, updated_at: secondAt });
    const statistics = await db.selectFrom('review_statistics').selectAll().where('user_id', '=', userId).execute();
    expect(statistics).toEqual([
      expect.objectContaining({
        id: first.resources_updated.review_statistic.id,
        meaning_correct: 2,
        meaning_incorrect: 0,
        meaning_max_streak: 2,
        meaning_current_streak: 2,
        reading_correct: 2,
        reading_incorrect: 1,
        reading_max_streak: 1,
        reading_current_streak: 1,
        percentage_correct: 80,
        created_at: firstAt,
        updated_at: secondAt,
      }),
    ]);
    expect(second.resources_updated.review_statistic).toMatchObject({
      id: statistics[0]!.id,
      data: { meaning_correct: 2, reading_incorrect: 1, percentage_correct: 80, created_at: iso(firstAt) },
    });
    const log = await db.selectFrom('reviews').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    expect(log).toEqual([
      expect.objectContaining({ id: first.id, assignment_id: a, subject_id: 1, subject_type: 'kanji', created_at: firstAt }),
      expect.objectContaining({ id: second.id, created_at: secondAt, updated_at: secondAt }),
    ]);
    expect(log.map((r) => [r.starting_srs_stage, r.ending_srs_stage, r.incorrect_reading_answers, r.correct, r.hidden])).toEqual([
      [1, 2, 0, 1, 0],
      [2, 1, 1, 0, 0],
    ]);
    const activity = await db
      .selectFrom('study_activity')
      .select(['reviews', 'correct', 'lessons'])
      .where('user_id', '=', userId)
      .orderBy('slot')
      .execute();
    expect(activity).toEqual([
      { reviews: 0, correct: 0, lessons: 1 },
      { reviews: 1, correct: 1, lessons: 0 },
      { reviews: 1, correct: 0, lessons: 0 },
    ]);
  });

  it('answers the statistic and assignment as stored, at once or after another transaction, first review or not', async () => {
    const app = t();
    await seedSubjects(app.deps, [kanji(1, 1, [])]);
    const { token } = await createLearner(app.deps);
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    // The statistic's hidden flag comes from its row, not from the subject, once the row exists.
    await app.deps.db.kysely.updateTable('subjects').set({ hidden_at: T0 }).where('id', '=', 1).execute();
    const stored = async (answered: { resources_updated: { assignment: { id: number }; review_statistic: { id: number } } }) => {
      const { assignment, review_statistic: statistic } = answered.resources_updated;
      expect(assignment).toEqual((await app.get(`/api/v1/assignments/${assignment.id}`, token)).json());
      expect(statistic).toEqual((await app.get(`/api/v1/review_statistics/${statistic.id}`, token)).json());
    };
    app.clock.advance(5 * HOUR_MS);
    await stored(await review(app, token, a, 1, 0));
    await app.deps.db.kysely.updateTable('subjects').set({ hidden_at: null }).where('id', '=', 1).execute();
    app.clock.advance(HOUR_MS);
    await stored(await review(app, token, a, 0, 1));
    app.clock.advance(HOUR_MS);
    const { release, holding } = await writerHeld(app.deps.db);
    const posted = review(app, token, a);
    for (let i = 0; i < 5; i += 1) await nextTurn();
    release();
    await holding;
    await stored(await posted);
  });

  it('applies a review that arrives while another transaction holds the writer, once it is over (SQLite: not at once)', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    const { release, holding } = await writerHeld(app.deps.db);
    let answered = false;
    const posted = app
      .post('/api/v1/reviews', token, { assignment_id: a, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 })
      .finally(() => (answered = true));
    for (let i = 0; i < 5; i += 1) await nextTurn();
    if (app.deps.db.engine === 'sqlite') expect(answered).toBe(false);
    release();
    await holding;
    const res = await posted;
    expect(res.statusCode).toBe(201);
    expect(res.json().resources_updated.assignment.data.srs_stage).toBe(2);
    expect((await assignmentOf(app, token, 1))!.data.srs_stage).toBe(2);
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
