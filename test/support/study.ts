import { expect } from 'vitest';
import type { TestApp } from './app.js';
import { createLearner, seedSubjects, type SubjectSpec } from './factories.js';

export interface AssignmentBody {
  id: number;
  data_updated_at: string;
  data: {
    subject_id: number;
    srs_stage: number;
    unlocked_at: string | null;
    started_at: string | null;
    passed_at: string | null;
    burned_at: string | null;
    available_at: string | null;
    resurrected_at: string | null;
    hidden: boolean;
  };
}

/** The caller's assignment for a subject, or undefined when it is locked (no row). */
export async function assignmentOf(t: TestApp, token: string, subjectId: number): Promise<AssignmentBody | undefined> {
  const res = await t.get(`/api/v1/assignments?subject_ids=${subjectId}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().data[0];
}

export async function start(t: TestApp, token: string, assignmentId: number, body?: unknown): Promise<AssignmentBody> {
  const res = await t.put(`/api/v1/assignments/${assignmentId}/start`, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function review(t: TestApp, token: string, assignmentId: number, incorrectMeaning = 0, incorrectReading = 0) {
  const res = await t.post('/api/v1/reviews', token, {
    assignment_id: assignmentId,
    incorrect_meaning_answers: incorrectMeaning,
    incorrect_reading_answers: incorrectReading,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Starts a subject's lesson and answers it right until it passes (reviews need not be due). */
export async function pass(t: TestApp, token: string, subjectId: number): Promise<void> {
  const assignment = await assignmentOf(t, token, subjectId);
  if (!assignment) throw new Error(`subject ${subjectId} is locked`);
  if (assignment.data.started_at === null) await start(t, token, assignment.id);
  for (let stage = Math.max(assignment.data.srs_stage, 1); stage < 5; stage += 1) await review(t, token, assignment.id);
}

export async function userLevel(t: TestApp, token: string): Promise<number> {
  return (await t.get('/api/v1/user', token)).json().data.level;
}

/** Starts a subject's lesson if needed and answers it right until it burns. */
export async function burn(t: TestApp, token: string, subjectId: number): Promise<AssignmentBody> {
  await pass(t, token, subjectId);
  const assignment = (await assignmentOf(t, token, subjectId))!;
  let current = assignment;
  for (let stage = assignment.data.srs_stage; stage < 9; stage += 1)
    current = (await review(t, token, assignment.id)).resources_updated.assignment;
  return current;
}

/** Starts the lesson of a subject, found by subject id. */
export async function startSubject(t: TestApp, token: string, subjectId: number): Promise<AssignmentBody> {
  const assignment = await assignmentOf(t, token, subjectId);
  if (!assignment) throw new Error(`subject ${subjectId} is locked`);
  return start(t, token, assignment.id);
}

/** Seeds `content`, creates a learner and starts the given (unlocked) lessons; returns the learner's token. */
export async function learnerStarting(t: TestApp, content: readonly SubjectSpec[], subjectIds: readonly number[]): Promise<string> {
  await seedSubjects(t.deps, content);
  const { token } = await createLearner(t.deps);
  for (const id of subjectIds) await startSubject(t, token, id);
  return token;
}

/** The preferences object as stored (not as read). */
export async function storedPreferences(app: TestApp, userId: number): Promise<Record<string, unknown>> {
  const row = await app.deps.db.kysely.selectFrom('users').select('preferences').where('id', '=', userId).executeTakeFirstOrThrow();
  return JSON.parse(row.preferences) as Record<string, unknown>;
}
