import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { importSubjects } from '../../src/services/content.js';
import type { Deps } from '../../src/services/deps.js';
import { testConfig, type TestApp } from './app.js';
import { createLearner, radical, seedSubjects, subjectResource, type SubjectSpec } from './factories.js';
import { review, start } from './study.js';

/**
 * A learner's collection pages under each kind of write, for the tests of what keeps them
 * (learner-page-memo.test.ts, kept-rows.test.ts): their pages must stay the bytes a server
 * keeping nothing writes.
 */

/**
 * A server on the test's database that keeps nothing in memory, as one just restarted: no page
 * memo, no kept rows (and with `STORED_PAGES_MB: '0'`, no stored pages either: the reference bytes).
 */
export function serverKeepingNothing(deps: Deps, overrides: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildApp({
    ...deps,
    config: testConfig(deps.config.databaseUrl, { LEARNER_PAGE_CACHE_MB: '0', LEARNER_ROW_CACHE_MB: '0', ...overrides }),
  });
}

/**
 * For the suite: a server keeping nothing and storing no pages on the suite's database (`app`'s),
 * the reference each page is compared with, byte for byte. The getter is valid inside the tests.
 */
export function referenceKeepingNothing(app: () => TestApp): () => FastifyInstance {
  let reference: FastifyInstance | undefined;
  beforeAll(async () => {
    reference = await serverKeepingNothing(app().deps, { STORED_PAGES_MB: '0' });
  });
  afterAll(async () => {
    await reference?.close();
  });
  return () => reference!;
}

/** 620 level-1 radicals, so a new account holds two pages of assignments (500 a page). */
export function twoPageCurriculum(hidden: readonly number[] = []): SubjectSpec[] {
  return Array.from({ length: 620 }, (_, i) => radical(i + 1, 1, { hidden: hidden.includes(i + 1) }));
}

/** Every learner collection, with filters and both cursors. */
export const LEARNER_PAGE_ADDRESSES = [
  '/api/v1/assignments',
  '/api/v1/assignments?page_after_id=500',
  '/api/v1/assignments?page_before_id=520',
  '/api/v1/assignments?started=true',
  '/api/v1/assignments?subject_ids=1,2,3,4&hidden=false',
  '/api/v1/assignments?immediately_available_for_lessons',
  '/api/v1/assignments?immediately_available_for_review',
  '/api/v1/assignments?levels=1&srs_stages=0',
  '/api/v1/assignments?updated_after=2026-11-21T10:30:00.000Z',
  '/api/v1/review_statistics',
  '/api/v1/review_statistics?percentages_greater_than=50',
  '/api/v1/study_materials',
  '/api/v1/study_materials?subject_ids=1',
];

/** A learner of `twoPageCurriculum` with three lessons started, two reviews (one wrong) and a study material. */
export async function learnerWithHistory(app: TestApp) {
  await seedSubjects(app.deps, twoPageCurriculum());
  const learner = await createLearner(app.deps);
  const first = (await app.get('/api/v1/assignments?subject_ids=1,2,3', learner.token)).json().data as { id: number }[];
  for (const a of first) await start(app, learner.token, a.id);
  await review(app, learner.token, first[0]!.id);
  await review(app, learner.token, first[1]!.id, 1);
  const material = await app.post('/api/v1/study_materials', learner.token, { subject_id: 1, meaning_note: 'first' });
  expect(material.statusCode).toBe(201);
  return { ...learner, assignmentIds: first.map((a) => a.id), materialId: material.json().id as number };
}

/** The ETags of the learner's pages at every address, each checked against a reference server. */
export type PagesAsReference = (token: string) => Promise<Map<string, string>>;

/**
 * A review, a lesson, a study material change and a vacation through the API (the clock a minute
 * on before each check): after each, every page is as the reference's and the pages it must change did.
 */
export async function pagesFollowEachKindOfWrite(app: TestApp, asReference: PagesAsReference): Promise<void> {
  const { token, assignmentIds, materialId } = await learnerWithHistory(app);
  let before = await asReference(token);
  const changed = async (addresses: string[]) => {
    app.clock.advance(60_000);
    const after = await asReference(token);
    for (const address of addresses) expect(after.get(address), address).not.toBe(before.get(address));
    before = after;
  };
  await review(app, token, assignmentIds[2]!);
  await changed(['/api/v1/assignments', '/api/v1/review_statistics', '/api/v1/assignments?started=true']);
  const lesson = (await app.get('/api/v1/assignments?subject_ids=4', token)).json().data[0].id as number;
  await start(app, token, lesson);
  await changed(['/api/v1/assignments', '/api/v1/assignments?subject_ids=1,2,3,4&hidden=false']);
  expect((await app.put(`/api/v1/study_materials/${materialId}`, token, { meaning_note: 'second' })).statusCode).toBe(200);
  await changed(['/api/v1/study_materials', '/api/v1/study_materials?subject_ids=1']);
  // Vacation moves every timed assignment's available_at in one statement.
  expect((await app.put('/api/v1/vacation', token, { active: true })).statusCode).toBe(200);
  app.clock.advance(3_600_000);
  expect((await app.put('/api/v1/vacation', token, { active: false })).statusCode).toBe(200);
  await changed(['/api/v1/assignments?started=true']);
}

/**
 * A content import by another process (the CLI, through its own connection, while the server
 * runs) hiding subjects 1 and 2, a minute on: every collection's first page must change.
 */
export async function pagesFollowAnImportHiding(app: TestApp, asReference: PagesAsReference): Promise<string> {
  const { token } = await learnerWithHistory(app);
  const before = await asReference(token);
  const other = connect(app.testDb.databaseUrl, app.testDb.pgSchema ? { pgSchema: app.testDb.pgSchema } : {});
  try {
    app.clock.advance(60_000);
    const specs = twoPageCurriculum([1, 2]);
    const result = await importSubjects(
      { ...app.deps, db: other } satisfies Deps,
      specs.map((spec) => ({ value: subjectResource(spec, specs), origin: `spec ${spec.id}` })),
    );
    expect(result.ok).toBe(true);
  } finally {
    await other.close();
  }
  const after = await asReference(token);
  for (const address of ['/api/v1/assignments', '/api/v1/review_statistics', '/api/v1/study_materials']) {
    expect(after.get(address), address).not.toBe(before.get(address));
  }
  return token;
}
