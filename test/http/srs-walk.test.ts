import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { assignmentOf, pass, review, start, userLevel } from '../support/study.js';

/** System 1 intervals in hours, stages 1 to 8 (see docs/decisions.md, SRS systems). */
const DEFAULT_HOURS = [4, 8, 23, 47, 167, 335, 719, 2879];
const iso = (ms: number) => new Date(ms).toISOString();
const floorHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

describeEachEngine('a scripted learner', (t) => {
  it('walks one kanji from lesson to burned, with a wrong answer at stage 6, unlocking its vocabulary and levelling up', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(2, 1, [1], { srsId: 1 }), vocabulary(3, 1, [2]), radical(4, 2), kanji(5, 2, [4])]);
    const { token } = await createLearner(app.deps);

    // New account: level 1 with only the component-less subject unlocked.
    expect(await userLevel(app, token)).toBe(1);
    expect((await assignmentOf(app, token, 1))?.data).toMatchObject({ srs_stage: 0, started_at: null });
    expect(await assignmentOf(app, token, 2)).toBeUndefined();

    await pass(app, token, 1);
    const kanjiLesson = await assignmentOf(app, token, 2);
    expect(kanjiLesson?.data).toMatchObject({ srs_stage: 0, unlocked_at: iso(app.clock.now()) });

    app.clock.advance(7 * 60 * 1000);
    let current = await start(app, token, kanjiLesson!.id);
    expect(current.data.srs_stage).toBe(1);
    expect(current.data.available_at).toBe(iso(floorHour(app.clock.now()) + DEFAULT_HOURS[0]! * HOUR_MS));

    // Answer each review the moment it is due, checking every stage's schedule.
    const expectedStages = [2, 3, 4, 5, 6, 4, 5, 6, 7, 8, 9];
    const wrongAt = 5; // the sixth review is answered at stage 6 with one wrong answer
    for (const [i, expected] of expectedStages.entries()) {
      app.clock.set(current.data.available_at!);
      app.clock.advance(12 * 60 * 1000 + 345);
      const at = app.clock.now();
      const body = await review(app, token, current.id, i === wrongAt ? 1 : 0, 0);
      expect(body.data.ending_srs_stage).toBe(expected);
      current = body.resources_updated.assignment;
      if (expected === 9) {
        expect(current.data.available_at).toBeNull();
        expect(current.data.burned_at).toBe(iso(at));
      } else {
        expect(current.data.available_at).toBe(iso(floorHour(at) + DEFAULT_HOURS[expected - 1]! * HOUR_MS));
      }
      if (i === 3) {
        // First time at the passing stage: passed_at set, the vocabulary unlocks, level 1 passes.
        expect(current.data.passed_at).toBe(iso(at));
        expect((await assignmentOf(app, token, 3))?.data).toMatchObject({ srs_stage: 0, unlocked_at: iso(at) });
        expect(await userLevel(app, token)).toBe(2);
        expect((await assignmentOf(app, token, 4))?.data.unlocked_at).toBe(iso(at));
      }
      if (i === wrongAt) expect(current.data.passed_at).not.toBeNull();
    }
    const stats = (await app.get('/api/v1/review_statistics?subject_ids=2', token)).json().data[0].data;
    expect(stats).toMatchObject({
      meaning_correct: 11,
      meaning_incorrect: 1,
      // The wrong review restarts the streak at 1 (its final right answer), then five more.
      meaning_max_streak: 6,
      meaning_current_streak: 6,
      reading_correct: 11,
      reading_incorrect: 0,
      reading_max_streak: 11,
      reading_current_streak: 11,
      percentage_correct: Math.round((100 * 22) / 23),
    });
  });

  it('levels up exactly at 90% of the level kanji passed, rounded up (one short: no level-up)', async () => {
    const app = t();
    const kanjiIds = Array.from({ length: 10 }, (_, i) => 100 + i);
    await seedSubjects(app.deps, [radical(1, 1), ...kanjiIds.map((id) => kanji(id, 1, [1])), radical(2, 2), kanji(200, 2, [2])]);
    const { token } = await createLearner(app.deps);
    await pass(app, token, 1);
    for (const id of kanjiIds.slice(0, 8)) await pass(app, token, id);
    expect(await userLevel(app, token)).toBe(1);
    expect(await assignmentOf(app, token, 2)).toBeUndefined();

    await pass(app, token, kanjiIds[8]!);
    expect(await userLevel(app, token)).toBe(2);
    const progressions = (await app.get('/api/v1/level_progressions', token)).json().data;
    expect(progressions.map((p: { data: { level: number } }) => p.data.level)).toEqual([1, 2]);
    expect(progressions[0].data.passed_at).toBe(iso(app.clock.now()));
    expect(progressions[0].data.started_at).not.toBeNull();
    expect(progressions[1].data).toMatchObject({ unlocked_at: iso(app.clock.now()), started_at: null, passed_at: null });
    expect((await assignmentOf(app, token, 2))?.data.srs_stage).toBe(0);
    // A level-2 kanji waits for its own radical.
    expect(await assignmentOf(app, token, 200)).toBeUndefined();
  });

  it('applies two concurrent reviews of one assignment one after the other', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token } = await createLearner(app.deps);
    const assignment = (await assignmentOf(app, token, 1))!;
    await start(app, token, assignment.id);
    const body = { assignment_id: assignment.id, incorrect_meaning_answers: 0, incorrect_reading_answers: 0 };
    const responses = await Promise.all([1, 2, 3].map(() => app.post('/api/v1/reviews', token, body)));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(responses.map((r) => r.json().data.ending_srs_stage).sort()).toEqual([2, 3, 4]);
    expect((await assignmentOf(app, token, 1))?.data.srs_stage).toBe(4);
    const stats = (await app.get('/api/v1/review_statistics', token)).json().data[0].data;
    expect(stats.meaning_correct).toBe(3);
  });
});
