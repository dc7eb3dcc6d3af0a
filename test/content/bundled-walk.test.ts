import { expect, it } from 'vitest';
import { BUNDLED_CONTENT_PATH, FIXTURE_CONTENT_PATH } from '../../src/cli/bundled-content.js';
import { readSubjectDump } from '../../src/content/read-dump.js';
import type { SubjectSource } from '../../src/domain/model/subjects.js';
import { importSubjects } from '../../src/services/content.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner } from '../support/factories.js';
import { userLevel } from '../support/study.js';

async function load(app: TestApp, path: string) {
  const result = await importSubjects(app.deps, await readSubjectDump(path));
  if (!result.ok) throw new Error(JSON.stringify(result.failure));
  return result.value;
}

interface Listed {
  id: number;
  data: { subject_id: number; subject_type: string };
}

async function all(app: TestApp, token: string, query: string): Promise<Listed[]> {
  const res = await app.get(`/api/v1/assignments?${query}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

// Loads the whole bundled dataset (about 11,000 subjects) before walking: on a loaded 2-core
// machine that alone can take most of the default 30 s.
const FULL_LOAD_TIMEOUT_MS = 120_000;

describeEachEngine('the bundled curriculum through the real API', (t) => {
  it(
    'takes a fresh account from level 1 to level 2 with lessons, due reviews, unlocks and the level-up',
    async () => {
      const app = t();
      const report = await load(app, BUNDLED_CONTENT_PATH);
      expect(report.kanji.inserted).toBeGreaterThan(2000);
      const { token } = await createLearner(app.deps);
      const firstLessons = await all(app, token, 'immediately_available_for_lessons');
      expect(firstLessons.length).toBeGreaterThan(0);
      expect(new Set(firstLessons.map((a) => a.data.subject_type))).toContain('radical');

      let rounds = 0;
      while ((await userLevel(app, token)) === 1) {
        rounds += 1;
        expect(rounds, 'level 1 should pass within a few weeks of due reviews').toBeLessThan(60);
        for (const lesson of await all(app, token, 'immediately_available_for_lessons&levels=1')) {
          expect((await app.put(`/api/v1/assignments/${lesson.id}/start`, token)).statusCode).toBe(200);
        }
        const due = await all(app, token, 'immediately_available_for_review');
        for (const item of due) {
          const res = await app.post('/api/v1/reviews', token, {
            assignment_id: item.id,
            incorrect_meaning_answers: 0,
            incorrect_reading_answers: 0,
          });
          expect(res.statusCode).toBe(201);
        }
        if (due.length === 0) {
          const next = (await app.get('/api/v1/summary', token)).json().data.next_reviews_at as string | null;
          expect(next).not.toBeNull();
          app.clock.set(next!);
        }
      }
      const progressions = (await app.get('/api/v1/level_progressions', token)).json().data;
      expect(progressions.map((p: { data: { level: number } }) => p.data.level)).toEqual([1, 2]);
      expect(progressions[0].data.passed_at).not.toBeNull();
      const levelTwoLessons = await all(app, token, 'immediately_available_for_lessons&levels=2');
      expect(levelTwoLessons.length).toBeGreaterThan(0);
      const levelOneVocabulary = await all(app, token, 'levels=1&subject_types=vocabulary&unlocked=true');
      expect(levelOneVocabulary.length).toBeGreaterThan(0);
    },
    FULL_LOAD_TIMEOUT_MS,
  );

  it('loads a newer dataset over an old one by id, keeping learners’ assignments and opening what is new', async () => {
    const app = t();
    await load(app, FIXTURE_CONTENT_PATH);
    const { token } = await createLearner(app.deps);
    const before = await all(app, token, '');
    expect(before.length).toBeGreaterThan(0);
    const started = before[0]!;
    await app.put(`/api/v1/assignments/${started.id}/start`, token);

    const sources = await readSubjectDump(FIXTURE_CONTENT_PATH);
    const edited: SubjectSource[] = sources.map(({ value, origin }) => {
      const subject = structuredClone(value) as { id: number; data: Record<string, unknown> };
      if (subject.id === started.data.subject_id) subject.data.meanings = [{ meaning: 'Renamed', primary: true, accepted_answer: true }];
      if (subject.id === before[1]!.data.subject_id) subject.data.hidden_at = '2026-11-21T00:00:00.000Z';
      return { value: subject, origin };
    });
    const newId = 99_999;
    edited.push({
      value: {
        id: newId,
        object: 'kana_vocabulary',
        data: {
          level: 1,
          slug: 'あたらしい',
          characters: 'あたらしい',
          meanings: [{ meaning: 'New', primary: true, accepted_answer: true }],
          spaced_repetition_system_id: 2,
          parts_of_speech: ['adjective'],
        },
      },
      origin: 'test',
    });
    app.clock.advance(60_000);
    const result = await importSubjects(app.deps, edited);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.kana_vocabulary.inserted).toBe(1);
    expect(Object.values(result.value).reduce((n, c) => n + c.updated, 0)).toBe(2);

    const after = await all(app, token, '');
    const startedAfter = after.find((a) => a.id === started.id) as Listed & { data: { started_at: string | null } };
    expect(startedAfter.data.started_at).not.toBeNull();
    const hiddenAfter = after.find((a) => a.id === before[1]!.id) as Listed & { data: { hidden: boolean }; data_updated_at: string };
    expect(hiddenAfter.data.hidden).toBe(true);
    expect(hiddenAfter.data_updated_at).toBe(new Date(app.clock.now()).toISOString());
    expect(after.some((a) => a.data.subject_id === newId)).toBe(true);
    const renamed = (await app.get(`/api/v1/subjects/${started.data.subject_id}`, token)).json();
    expect(renamed.data.meanings[0].meaning).toBe('Renamed');
  });
});
