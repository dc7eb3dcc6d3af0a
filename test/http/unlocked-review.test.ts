import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect, type Db } from '../../src/db/connect.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { recordPgQueries, recordReviewGroups } from '../support/pg-queries.js';
import { assignmentOf, start } from '../support/study.js';

const SUBJECTS = [1, 2, 3, 4];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A second server on the test's database: its own pool, learner gate and process-local state. */
async function secondServer(t: TestApp): Promise<{ db: Db; app: FastifyInstance; close(): Promise<void> }> {
  const db = connect(t.testDb.databaseUrl, t.testDb.pgSchema ? { pgSchema: t.testDb.pgSchema } : {});
  const app = await buildApp({ ...t.deps, db });
  return {
    db,
    app,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/** A learner with a started lesson of each subject: their assignment ids, by subject. */
async function learnerWithLessons(
  t: TestApp,
  username: string,
  subjects = SUBJECTS,
): Promise<{ token: string; userId: number; assignments: number[] }> {
  const { token } = await createLearner(t.deps, username);
  const assignments: number[] = [];
  for (const subjectId of subjects) {
    const assignment = (await assignmentOf(t, token, subjectId))!;
    await start(t, token, assignment.id);
    assignments.push(assignment.id);
  }
  const { id } = await t.deps.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { token, userId: id, assignments };
}

const reviewBody = (assignmentId: number, incorrectMeaning: number) => ({
  assignment_id: assignmentId,
  incorrect_meaning_answers: incorrectMeaning,
  incorrect_reading_answers: 0,
});

describeEachEngine('POST /reviews without the learner lock first (PostgreSQL), under concurrency', (t) => {
  it('stores every acknowledged review of concurrent learners, each starting where the one before ended, from two server processes', async () => {
    const app = t();
    await seedSubjects(
      app.deps,
      SUBJECTS.map((id) => radical(id, 1)),
    );
    // More learners than write statements a process keeps in flight, so that groups form.
    const learners: Awaited<ReturnType<typeof learnerWithLessons>>[] = [];
    for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank']) learners.push(await learnerWithLessons(app, name));
    const other = await secondServer(app);
    const groups = recordReviewGroups();
    try {
      // Two processes: each one's gate serialises a learner's writes only within it, so on
      // PostgreSQL the two race on the same learners and the stamp decides. Every third answer is
      // wrong; the right ones pass some items (the locked path), the rest go without the lock.
      const sent = learners.flatMap((learner) =>
        Array.from({ length: 24 }, (_, i) =>
          (i % 2 === 0 ? app.app : other.app).inject({
            method: 'POST',
            url: '/api/v1/reviews',
            headers: { authorization: `Bearer ${learner.token}` },
            payload: reviewBody(learner.assignments[i % SUBJECTS.length]!, i % 3 === 0 ? 1 : 0),
          }),
        ),
      );
      const answers = await Promise.all(sent);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
      const acknowledged = answers.map((a) => a.json().id as number).sort((a, b) => a - b);

      const { kysely } = app.deps.db;
      const stored = await kysely.selectFrom('reviews').selectAll().orderBy('id').execute();
      expect(stored.map((r) => r.id)).toEqual(acknowledged);
      for (const learner of learners) {
        const own = stored.filter((r) => r.user_id === learner.userId);
        // Stamps strictly increase in commit order, which is id order within one learner.
        own.forEach((r, i) => i === 0 || expect(r.updated_at).toBeGreaterThan(own[i - 1]!.updated_at));
        const user = await kysely.selectFrom('users').select('change_stamp').where('id', '=', learner.userId).executeTakeFirstOrThrow();
        expect(user.change_stamp).toBe(own.at(-1)!.updated_at);
        for (const assignmentId of learner.assignments) {
          const chain = own.filter((r) => r.assignment_id === assignmentId);
          expect(chain).toHaveLength(6);
          // No lost update: each review starts from the stage the previous one ended at.
          expect(chain.map((r) => r.starting_srs_stage)).toEqual([1, ...chain.slice(0, -1).map((r) => r.ending_srs_stage)]);
          const assignment = await kysely.selectFrom('assignments').selectAll().where('id', '=', assignmentId).executeTakeFirstOrThrow();
          expect(assignment.srs_stage).toBe(chain.at(-1)!.ending_srs_stage);
          const statistic = await kysely
            .selectFrom('review_statistics')
            .selectAll()
            .where('user_id', '=', learner.userId)
            .where('subject_id', '=', assignment.subject_id)
            .executeTakeFirstOrThrow();
          // Every review ends with the right answer, after its wrong ones.
          expect(statistic.meaning_correct).toBe(chain.length);
          expect(statistic.meaning_incorrect).toBe(chain.reduce((sum, r) => sum + r.incorrect_meaning_answers, 0));
        }
      }
      // On PostgreSQL both processes wrote learners' reviews in groups, each learner once a group.
      if (app.engine === 'postgres') {
        expect(groups.groups.length).toBeGreaterThan(0);
        for (const learners of groups.groups) expect(new Set(learners).size).toBe(learners.length);
      }
    } finally {
      groups.restore();
      await other.close();
    }
  });

  it('answers the same bytes whether a review goes without the lock or under it (with an Idempotency-Key)', async () => {
    const app = t();
    const bodies = async (key: (i: number) => Record<string, string>) => {
      await app.testDb.reset();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
      const { token, assignments } = await learnerWithLessons(app, 'alice', [1, 2]);
      const answers: string[] = [];
      // Six answers of the first item pass it (unlocks, level check), a wrong one drops it.
      for (let i = 0; i < 6; i += 1) {
        const res = await app.request({
          method: 'POST',
          url: '/api/v1/reviews',
          token,
          headers: key(i),
          payload: reviewBody(assignments[0]!, i === 1 ? 2 : 0),
        });
        expect(res.statusCode, res.body).toBe(201);
        answers.push(res.body);
      }
      return answers;
    };
    const unlocked = await bodies(() => ({}));
    const locked = await bodies((i) => ({ 'idempotency-key': `review-${i}` }));
    expect(unlocked).toEqual(locked);
  });

  it('goes through the locked path, and sees the other write, when the learner’s stamp moves between its read and its write', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, userId, assignments } = await learnerWithLessons(app, 'alice', [1]);
    const assignmentId = assignments[0]!;
    const other = await secondServer(app);
    try {
      await other.db.kysely.connection().execute(async (connection) => {
        // Another writer holds the learner's lock: the review reads (a read waits for no lock),
        // then its write waits for the lock.
        await sql`begin`.execute(connection);
        await sql`select id from users where id = ${userId} for update`.execute(connection);
        const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0]!;
        const pending = app.post('/api/v1/reviews', token, reviewBody(assignmentId, 0));
        const waiting = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`;
        while ((await waiting.execute(app.deps.db.kysely)).rows[0]!.n === 0) await sleep(5);
        // The other write moves the item to stage 3 and the learner's stamp, as every learner write does.
        const { change_stamp: otherStamp } = (
          await sql<{
            change_stamp: number;
          }>`update users set change_stamp = change_stamp + 1000 where id = ${userId} returning change_stamp`.execute(connection)
        ).rows[0]!;
        await sql`update assignments set srs_stage = 3, updated_at = ${otherStamp} where id = ${assignmentId}`.execute(connection);
        await sql`commit`.execute(connection);

        const res = await pending;
        expect(res.statusCode, res.body).toBe(201);
        const body = res.json();
        expect(body.data).toMatchObject({ starting_srs_stage: 3, ending_srs_stage: 4 });
        expect(Date.parse(body.data_updated_at)).toBeGreaterThan(otherStamp);
      });
      const { kysely } = app.deps.db;
      const stored = await kysely.selectFrom('reviews').select(['starting_srs_stage', 'updated_at']).execute();
      expect(stored).toHaveLength(1);
      const user = await kysely.selectFrom('users').select('change_stamp').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(user.change_stamp).toBe(stored[0]!.updated_at);
      const assignment = await kysely
        .selectFrom('assignments')
        .select('srs_stage')
        .where('id', '=', assignmentId)
        .executeTakeFirstOrThrow();
      expect(assignment.srs_stage).toBe(4);
    } finally {
      await other.close();
    }
  });

  it('sends a plain review as two queries (credential with the read, write) and one with an Idempotency-Key under the lock', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    await seedSubjects(app.deps, [radical(1, 1)]);
    const { token, assignments } = await learnerWithLessons(app, 'alice', [1]);
    const { sent, restore } = recordPgQueries();
    try {
      const plain = await app.post('/api/v1/reviews', token, reviewBody(assignments[0]!, 1));
      expect(plain.statusCode, plain.body).toBe(201);
      expect(sent).toHaveLength(2);
      // The credential is checked by the statement that reads the target.
      expect(sent[0]).toMatch(/^select .* from "users" as "u" left join "assignments" as "a" .* where "u"."id" = coalesce\(\(select/);
      expect(sent[0]).toMatch(/"api_tokens"."token_hash" = \$\d+ .* "sessions"."token_hash" = \$\d+/);
      expect(sent[1]).toMatch(
        /^with "stamped" as \(update "users" set "change_stamp" = \$1 where "id" = \$2 and "change_stamp" = \$3 returning "id"\)/,
      );
      sent.length = 0;
      const keyed = await app.request({
        method: 'POST',
        url: '/api/v1/reviews',
        token,
        headers: { 'idempotency-key': 'once' },
        payload: reviewBody(assignments[0]!, 1),
      });
      expect(keyed.statusCode, keyed.body).toBe(201);
      expect(sent.some((text) => /^begin; select "change_stamp" from "users" .* for update$/.test(text))).toBe(true);
      expect(sent.at(-1)).toBe('commit');
    } finally {
      restore();
    }
  });
});
