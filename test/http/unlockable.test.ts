import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary } from '../support/factories.js';
import { assignmentOf, learnerStarting, pass, startSubject } from '../support/study.js';

interface CandidateBody {
  subject_id: number;
  unlocks_at: string | null;
}

const unlockable = async (app: TestApp, token: string) => {
  const res = await app.get('/api/v1/unlockable', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/**
 * Level 1: r1 on the accelerated system (2), r2 on the default system (1), k3 [r1], k4 [r2].
 * Level 2: r20, k30 [r1], k31 [r2], k32 [r1, r2], v55 [k30].
 */
const CONTENT = [
  radical(1, 1, { srsId: 2 }),
  radical(2, 1, { srsId: 1 }),
  kanji(3, 1, [1]),
  kanji(4, 1, [2]),
  radical(20, 2),
  kanji(30, 2, [1]),
  kanji(31, 2, [2]),
  kanji(32, 2, [1, 2]),
  vocabulary(55, 2, [30]),
];

/*
 * Hand projections, everything started at T0 = 2026-11-21 10:30Z and answered right the moment it is due
 * (each due time floored to the hour):
 *   system 2 (2h, 4h, 8h, 23h): due 12:00, 16:00, 00:00 (22nd), 23:00 (22nd) -> passes 2026-11-22T23:00Z
 *   system 1 (4h, 8h, 23h, 47h): due 14:00, 22:00, 21:00 (22nd), 20:00 (24th) -> passes 2026-11-24T20:00Z
 */

const SYSTEM_2_PASS = '2026-11-22T23:00:00.000Z';
const SYSTEM_1_PASS = '2026-11-24T20:00:00.000Z';

describeEachEngine('GET /unlockable', (t) => {
  it('is blocked by lessons_pending with no candidates while a lesson waits', async () => {
    const app = t();
    await seedSubjects(app.deps, CONTENT);
    const { token } = await createLearner(app.deps);
    expect((await unlockable(app, token)).data).toEqual({ total: 0, pending: 2, blocked: 'lessons_pending', candidates: [] });
  });

  it('lists the tranche with the candidate fields and each unlocks_at projected through the components own systems', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);

    const body = await unlockable(app, token);
    expect(body.object).toBe('report');
    expect(body.data).toMatchObject({ total: 2, pending: 0, blocked: null });
    expect(body.data.candidates).toEqual([
      {
        subject_id: 3,
        object: 'kanji',
        level: 1,
        characters: String.fromCodePoint(0x4e03),
        slug: 'kanji-3',
        meanings: [{ meaning: 'kanji 3', primary: true }],
        unlocks_at: SYSTEM_2_PASS,
      },
      {
        subject_id: 4,
        object: 'kanji',
        level: 1,
        characters: String.fromCodePoint(0x4e04),
        slug: 'kanji-4',
        meanings: [{ meaning: 'kanji 4', primary: true }],
        unlocks_at: SYSTEM_1_PASS,
      },
    ]);
    // Read-only: nothing was unlocked.
    expect(await assignmentOf(app, token, 3)).toBeUndefined();
  });

  it('projects an overdue review as answered now, and drops a component once it has passed', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1, { srsId: 2 }), radical(2, 1, { srsId: 1 }), kanji(5, 1, [1, 2]), radical(9, 2)]);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await startSubject(app, token, 2);
    expect((await unlockable(app, token)).data.candidates[0].unlocks_at).toBe(SYSTEM_1_PASS);

    // r2 was due at 14:00; at 20:15 it is answered now: 20:15 +8h -> 04:00, +23h -> 03:00, +47h -> 02:00 on the 25th.
    app.clock.set('2026-11-21T20:15:00.000Z');
    expect((await unlockable(app, token)).data.candidates[0].unlocks_at).toBe('2026-11-25T02:00:00.000Z');

    // Once r2 has passed only r1 is left to wait for; r1's own review is overdue as well, so it runs from now.
    await pass(app, token, 2);
    // r1 (system 2) due 12:00, answered 20:15: +4h -> 00:00, +8h -> 08:00, +23h -> 07:00 on the 23rd.
    expect((await unlockable(app, token)).data.candidates).toEqual([
      expect.objectContaining({ subject_id: 5, unlocks_at: '2026-11-23T07:00:00.000Z' }),
    ]);
  });

  it('orders candidates: null unlocks_at first, then soonest, then level and id', async () => {
    const app = t();
    const token = await learnerStarting(app, CONTENT, [1, 2]);
    expect((await app.post('/api/v1/advance', token)).json().data.outcome).toBe('unlocked');
    await startSubject(app, token, 3);
    await startSubject(app, token, 4);

    // Level 1 is empty of candidates and both its kanji are started: the tranche is level 2's.
    const next = (await unlockable(app, token)).data.candidates as CandidateBody[];
    expect(next.map((c) => [c.subject_id, c.unlocks_at])).toEqual([
      [20, null],
      [30, SYSTEM_2_PASS],
      [31, SYSTEM_1_PASS],
      [32, SYSTEM_1_PASS],
    ]);

    expect((await app.post('/api/v1/advance', token, { subject_ids: [20, 30] })).json().data).toMatchObject({
      outcome: 'levelled_up',
      level: 2,
    });
    await startSubject(app, token, 20);
    await startSubject(app, token, 30);
    // A level-1 vocabulary added later ties with level-2 v55 (both wait on system-2 kanji started at T0): level breaks the tie.
    await seedSubjects(app.deps, [vocabulary(60, 1, [3])]);
    const mixed = (await unlockable(app, token)).data.candidates as CandidateBody[];
    expect(mixed.map((c) => [c.subject_id, c.unlocks_at])).toEqual([
      [60, SYSTEM_2_PASS],
      [55, SYSTEM_2_PASS],
      [31, SYSTEM_1_PASS],
      [32, SYSTEM_1_PASS],
    ]);
  });

  it.each([
    // k4 waits on a level-2 radical, so only one of two kanji can be started: ceil(0.9 x 2) = 2 are needed.
    ['nothing_to_unlock', 'too few of the level kanji are started', [radical(1, 1), kanji(3, 1, [1]), kanji(4, 1, [20]), radical(20, 2)]],
    ['max_level', 'it is the top level', [radical(1, 1), kanji(3, 1, [1])]],
  ])('says %s when the tranche is empty and %s', async (blocked, _why, content) => {
    const app = t();
    await seedSubjects(app.deps, content);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    await app.post('/api/v1/advance', token);
    await startSubject(app, token, 3);
    expect((await unlockable(app, token)).data).toEqual({ total: 0, pending: 0, blocked, candidates: [] });
  });

  it('leaves hidden subjects out of the tranche', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(3, 1, [1]), kanji(4, 1, [1], { hidden: true }), radical(20, 2)]);
    const { token } = await createLearner(app.deps);
    await startSubject(app, token, 1);
    expect((await unlockable(app, token)).data.candidates.map((c: CandidateBody) => c.subject_id)).toEqual([3]);
  });

  it('needs a credential', async () => {
    expect((await t().get('/api/v1/unlockable')).statusCode).toBe(401);
  });
});
