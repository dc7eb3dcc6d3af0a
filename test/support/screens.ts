import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { createLearner, seedSubjects, type Learner, type SubjectSpec } from './factories.js';
import { assignmentOf, start } from './study.js';

/** A learner whose account opens at `at` (ISO), in `timezone` when given, over `subjects`. */
export async function learnerAt(app: TestApp, at: string, subjects: SubjectSpec[], timezone?: string): Promise<Learner> {
  app.clock.set(at);
  await seedSubjects(app.deps, subjects);
  return createLearner(app.deps, 'alice', timezone === undefined ? {} : { timezone });
}

/** The id of the learner's assignment for a subject (which must be unlocked). */
export async function assignmentIdOf(app: TestApp, token: string, subjectId: number): Promise<number> {
  const assignment = await assignmentOf(app, token, subjectId);
  if (!assignment) throw new Error(`subject ${subjectId} is locked`);
  return assignment.id;
}

/** Starts a subject's lesson at the instant `at` (ISO): one lesson of activity then. */
export async function lessonAt(app: TestApp, token: string, subjectId: number, at: string): Promise<number> {
  app.clock.set(at);
  return (await start(app, token, await assignmentIdOf(app, token, subjectId))).id;
}

/**
 * Answers a review at the instant `at` (ISO). One wrong meaning answer by default keeps the item
 * in the cycle however often it is reviewed, so a test can study on as many days as it likes.
 */
export async function reviewAt(app: TestApp, token: string, assignmentId: number, at: string, incorrect = 1): Promise<void> {
  app.clock.set(at);
  const res = await app.post('/api/v1/reviews', token, {
    assignment_id: assignmentId,
    incorrect_meaning_answers: incorrect,
    incorrect_reading_answers: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
}

export async function setPreferences(
  app: TestApp,
  token: string,
  body: { timezone?: string | null; preferences?: Record<string, unknown> },
): Promise<void> {
  const res = await app.put('/api/v1/user', token, body);
  expect(res.statusCode, res.body).toBe(200);
}
