import { sql } from 'kysely';
import { BUNDLED_CONTENT_PATH } from '../../src/cli/bundled-content.js';
import { readSubjectDump } from '../../src/content/read-dump.js';
import { chunks } from '../../src/shared/chunks.js';
import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { createAccount } from '../../src/services/accounts.js';
import { importSubjects } from '../../src/services/content.js';
import { mintApiToken } from '../../src/services/credentials.js';
import type { Deps } from '../../src/services/deps.js';
import { HOUR_MS } from '../../src/shared/time.js';

/** Seeding for benchmarks: the bundled curriculum, learners with tokens, and bulk assignments. */
export async function loadBundledContent(deps: Deps): Promise<void> {
  const result = await importSubjects(deps, await readSubjectDump(BUNDLED_CONTENT_PATH));
  if (!result.ok) throw new Error(`content load failed: ${JSON.stringify(result.failure)}`);
}

export interface BenchLearner {
  userId: number;
  token: string;
}

export async function createLearners(deps: Deps, count: number, prefix = 'learner'): Promise<BenchLearner[]> {
  const learners: BenchLearner[] = [];
  for (let i = 0; i < count; i += 1) {
    const username = `${prefix}${i}`;
    const created = await createAccount(deps, { username });
    const minted = await mintApiToken(deps, username);
    if (!created.ok || !minted.ok) throw new Error(`could not create ${username}`);
    learners.push({ userId: created.value.id, token: minted.value.token });
  }
  return learners;
}

/** Starts every lesson a learner has, as if taken an hour ago (direct update: seeding, not the use case). */
export async function startAllLessons(deps: Deps, userIds: number[]): Promise<void> {
  const at = deps.clock.now() - HOUR_MS;
  for (const part of chunks(userIds, 500)) {
    await deps.db.kysely
      .updateTable('assignments')
      .set({ srs_stage: 1, started_at: at, available_at: at, updated_at: at })
      .where('user_id', 'in', part)
      .where('started_at', 'is', null)
      .execute();
  }
  await moveLearnerStamps(deps.db, userIds);
}

/** An assignment to seed: its subject and SRS timestamps (the rest follows from them). */
export interface SeededAssignment {
  subject: { id: number; object: string; level: number; hidden?: boolean };
  stage: number;
  unlockedAt: number;
  startedAt: number | null;
  passedAt: number | null;
  burnedAt: number | null;
  availableAt: number | null;
  updatedAt: number;
}

/** Replaces a learner's assignments with the given ones (bulk insert: seeding, not the use cases). */
export async function replaceAssignments(deps: Deps, userId: number, assignments: readonly SeededAssignment[]): Promise<void> {
  const db = deps.db.kysely;
  await db.deleteFrom('assignments').where('user_id', '=', userId).execute();
  const rows = assignments.map((a) => ({
    user_id: userId,
    subject_id: a.subject.id,
    subject_type: a.subject.object,
    subject_level: a.subject.level,
    hidden: a.subject.hidden ? 1 : 0,
    srs_stage: a.stage,
    unlocked_at: a.unlockedAt,
    started_at: a.startedAt,
    passed_at: a.passedAt,
    burned_at: a.burnedAt,
    available_at: a.availableAt,
    resurrected_at: null,
    created_at: a.unlockedAt,
    updated_at: a.updatedAt,
  }));
  for (const part of chunks(rows, 500)) await db.insertInto('assignments').values(part).execute();
  await moveLearnerStamps(deps.db, [userId]);
}

/** Gives a learner an assignment for every subject, spread over the stages. */
export async function assignEverySubject(deps: Deps, userId: number): Promise<number> {
  const db = deps.db.kysely;
  const subjects = await db.selectFrom('subjects').select(['id', 'object', 'level', 'hidden_at']).orderBy('id').execute();
  const now = deps.clock.now();
  await replaceAssignments(
    deps,
    userId,
    subjects.map((s, i) => {
      const stage = i % 10;
      return {
        subject: { ...s, hidden: s.hidden_at !== null },
        stage,
        unlockedAt: now - 60 * 24 * HOUR_MS,
        startedAt: stage > 0 ? now - 30 * 24 * HOUR_MS : null,
        passedAt: stage >= 5 ? now - 10 * 24 * HOUR_MS : null,
        burnedAt: stage === 9 ? now - 24 * HOUR_MS : null,
        availableAt: stage === 0 || stage === 9 ? null : now + ((i % 200) - 50) * HOUR_MS,
        updatedAt: now - (i % 1000) * 1000,
      };
    }),
  );
  await db.updateTable('users').set({ level: 60 }).where('id', '=', userId).execute();
  return subjects.length;
}

/** A review statistic for every assignment of a learner, with varied counts (bulk seeding, the stamp moved). */
export async function seedReviewStatistics(deps: Deps, userId: number): Promise<void> {
  const db = deps.db.kysely;
  const subjects = await db
    .selectFrom('assignments')
    .select(['subject_id', 'subject_type', 'hidden', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  const stats = subjects.map((s, i) => ({
    user_id: userId,
    subject_id: s.subject_id,
    subject_type: s.subject_type,
    hidden: s.hidden,
    meaning_correct: i % 17,
    meaning_incorrect: i % 5,
    meaning_max_streak: i % 11,
    meaning_current_streak: i % 7,
    reading_correct: i % 13,
    reading_incorrect: i % 3,
    reading_max_streak: i % 9,
    reading_current_streak: i % 4,
    percentage_correct: 50 + (i % 50),
    created_at: s.updated_at - 1000,
    updated_at: s.updated_at,
  }));
  for (const part of chunks(stats, 500)) await db.insertInto('review_statistics').values(part).execute();
  await moveLearnerStamps(deps.db, [userId]);
}

/** What autovacuum would have done after a history built up over time: bulk-seeded PostgreSQL tables get fresh statistics. */
export async function settle(deps: Deps): Promise<void> {
  if (deps.db.engine === 'postgres') await sql`vacuum analyze`.execute(deps.db.kysely);
}
