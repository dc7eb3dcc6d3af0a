import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { loginLinkUrl } from '../../src/cli/login-link.js';
import { mintLoginLink } from '../../src/services/sign-in.js';
import { createLearner, kanji, radical, seedSubjects, vocabulary, type Learner } from '../support/factories.js';
import type { LiveServer } from './harness.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A small level-1 curriculum with meanings and readings a person can type. */
export const CONTENT = [
  radical(1, 1, { meaning: 'ground', characters: '一' }),
  radical(2, 1, { meaning: 'stick', characters: '丨' }),
  radical(3, 1, { meaning: 'drop', characters: '丶' }),
  radical(4, 1, { meaning: 'fins', characters: '八' }),
  kanji(11, 1, [1, 2], { meaning: 'mountain', characters: '山', readings: ['さん'] }),
  kanji(12, 1, [3], { meaning: 'fire', characters: '火', readings: ['か'] }),
  vocabulary(21, 1, [11], { meaning: 'mountain peak', characters: '山頂', readings: ['さんちょう'] }),
];

/** Signs the page in as `username` through a one-time login link, landing on home. */
export async function signIn(server: LiveServer, page: Page, username: string): Promise<void> {
  server.clock.set(new Date().toISOString());
  const minted = await mintLoginLink(server.deps, username);
  if (!minted.ok) throw new Error('mint failed');
  await page.goto(loginLinkUrl(server.deps.config, minted.value.token));
  await page.getByRole('heading', { name: new RegExp(`Welcome, ${username}`) }).waitFor();
}

/** Moves the server clock to `ms` before the real now. */
function at(server: LiveServer, msAgo: number): void {
  server.clock.set(new Date(Date.now() - msAgo).toISOString());
}

async function assignmentId(server: LiveServer, token: string, subjectId: number): Promise<number> {
  const res = await server.api(token, 'GET', `/assignments?subject_ids=${subjectId}`);
  const id = res.json.data[0]?.id;
  if (typeof id !== 'number') throw new Error(`subject ${subjectId} is locked`);
  return id;
}

async function startLesson(server: LiveServer, token: string, subjectId: number): Promise<void> {
  const res = await server.api(token, 'PUT', `/assignments/${await assignmentId(server, token, subjectId)}/start`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

async function answer(server: LiveServer, token: string, subjectId: number, incorrect = 0): Promise<void> {
  const res = await server.api(token, 'POST', '/reviews', {
    subject_id: subjectId,
    incorrect_meaning_answers: incorrect,
    incorrect_reading_answers: 0,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

/**
 * A learner with six days of history built through the API on the server's clock: four radical
 * lessons six days ago; radicals 1 and 2 answered right daily until they pass (unlocking the
 * mountain kanji, taught three hours ago); radical 4 answered right until it burned; radical 3
 * answered wrong every day (critical, and a recent mistake). The clock ends at the real now.
 */
export async function learnerWithHistory(server: LiveServer, username: string): Promise<Learner> {
  at(server, 6 * DAY_MS);
  await seedSubjects(server.deps, CONTENT);
  const learner = await createLearner(server.deps, username);
  await server.api(learner.token, 'PUT', '/user', { timezone: 'Europe/Berlin' });
  for (const id of [1, 2, 3, 4]) await startLesson(server, learner.token, id);
  for (let day = 5; day >= 1; day -= 1) {
    at(server, day * DAY_MS);
    if (day >= 2) {
      await answer(server, learner.token, 1);
      await answer(server, learner.token, 2);
    }
    await answer(server, learner.token, 3, 1);
    if (day === 4) for (let stage = 1; stage < 9; stage += 1) await answer(server, learner.token, 4);
  }
  at(server, 3 * HOUR_MS);
  await startLesson(server, learner.token, 11);
  at(server, 2 * HOUR_MS);
  await answer(server, learner.token, 3, 2);
  server.clock.set(new Date().toISOString());
  return learner;
}
