import { expect, it } from 'vitest';
import { describeEachEngine } from '../support/app.js';
import { createLearner, kanaVocabulary, kanji, radical, seedSubjects } from '../support/factories.js';
import { assignmentOf, review, start } from '../support/study.js';

describeEachEngine('GET /review_statistics', (t) => {
  async function reviewed() {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), kanji(2, 1, []), kanaVocabulary(3, 1)]);
    const alice = await createLearner(app.deps, 'alice');
    const ids: Record<number, number> = {};
    for (const s of [1, 2, 3]) ids[s] = (await start(app, alice.token, (await assignmentOf(app, alice.token, s))!.id)).id;
    await review(app, alice.token, ids[1]!); // 100%
    await review(app, alice.token, ids[2]!, 1, 0); // 2 right of 3 answers: 67%
    await review(app, alice.token, ids[3]!, 3, 0); // 1 of 4: 25%
    return { app, alice };
  }

  it('lists one row per reviewed subject with the reference fields', async () => {
    const { app, alice } = await reviewed();
    const res = await app.get('/api/v1/review_statistics', alice.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total_count: 3, pages: { per_page: 500 } });
    const kanjiRow = res.json().data.find((r: { data: { subject_id: number } }) => r.data.subject_id === 2);
    expect(Object.keys(kanjiRow.data).sort()).toEqual(
      [
        'created_at',
        'subject_id',
        'subject_type',
        'meaning_correct',
        'meaning_incorrect',
        'meaning_max_streak',
        'meaning_current_streak',
        'reading_correct',
        'reading_incorrect',
        'reading_max_streak',
        'reading_current_streak',
        'percentage_correct',
        'hidden',
      ].sort(),
    );
    expect(kanjiRow.data).toMatchObject({
      subject_type: 'kanji',
      meaning_correct: 1,
      meaning_incorrect: 1,
      reading_correct: 1,
      percentage_correct: 67,
    });
  });

  it('filters by ids, subject ids, types, hidden and inclusive percentages', async () => {
    const { app, alice } = await reviewed();
    const subjects = async (query: string) =>
      (await app.get(`/api/v1/review_statistics?${query}`, alice.token))
        .json()
        .data.map((r: { data: { subject_id: number } }) => r.data.subject_id);
    expect(await subjects('subject_ids=1,3')).toEqual([1, 3]);
    expect(await subjects('subject_types=kanji')).toEqual([2]);
    expect(await subjects('hidden=false')).toEqual([1, 2, 3]);
    expect(await subjects('hidden=true')).toEqual([]);
    expect(await subjects('percentages_greater_than=67')).toEqual([1, 2]);
    expect(await subjects('percentages_less_than=67')).toEqual([2, 3]);
    expect(await subjects('percentages_greater_than=26&percentages_less_than=99')).toEqual([2]);
    const all = (await app.get('/api/v1/review_statistics', alice.token)).json().data;
    expect(await subjects(`ids=${all[0].id}`)).toEqual([all[0].data.subject_id]);
    expect((await app.get('/api/v1/review_statistics?percentages_less_than=abc', alice.token)).statusCode).toBe(422);
  });

  it('is per user: another user sees none and gets 404 by id', async () => {
    const { app, alice } = await reviewed();
    const bob = await createLearner(app.deps, 'bob');
    const aliceRow = (await app.get('/api/v1/review_statistics', alice.token)).json().data[0];
    expect((await app.get('/api/v1/review_statistics', bob.token)).json().total_count).toBe(0);
    expect((await app.get(`/api/v1/review_statistics/${aliceRow.id}`, bob.token)).statusCode).toBe(404);
    expect((await app.get(`/api/v1/review_statistics/${aliceRow.id}`, alice.token)).json().id).toBe(aliceRow.id);
  });
});
