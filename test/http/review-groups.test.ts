import { sql, type Kysely } from 'kysely';
import { GROUP_STATEMENTS_IN_FLIGHT } from '../../src/db/repositories/review-groups.js';
import type { Database } from '../../src/db/schema.js';
import { expect, it } from 'vitest';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { recordPgQueries, recordReviewGroups } from '../support/pg-queries.js';
import { assignmentOf, start } from '../support/study.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A learner with the lesson of subject 1 started: their token, id and assignment. */
async function learner(t: TestApp, username: string): Promise<{ token: string; userId: number; assignmentId: number }> {
  const { token } = await createLearner(t.deps, username);
  const assignment = (await assignmentOf(t, token, 1))!;
  await start(t, token, assignment.id);
  const { id } = await t.deps.db.kysely.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return { token, userId: id, assignmentId: assignment.id };
}

type Learner = Awaited<ReturnType<typeof learner>>;

const reviewOf = (t: TestApp, { token, assignmentId }: Learner, incorrectMeaning = 1) =>
  t.post('/api/v1/reviews', token, {
    assignment_id: assignmentId,
    incorrect_meaning_answers: incorrectMeaning,
    incorrect_reading_answers: 0,
  });

/** The executor of the connection holding the lone writes' learners locked (whileWritesWait). */
type Holder = Parameters<Parameters<ReturnType<Kysely<Database>['connection']>['execute']>[0]>[0];

/**
 * Runs `during` while another connection holds the rows of `held` locked and each one's review
 * waits for it in its write: the process's write statements in flight (GROUP_STATEMENTS_IN_FLIGHT),
 * so the reviews `during` sends wait to go together in one group once one ends. `during` gets the
 * holding connection to write more before the locks end. Answers `held`'s reviews.
 */
async function whileWritesWait(t: TestApp, held: readonly Learner[], during: (holder: Holder) => Promise<void>) {
  return t.deps.db.kysely.connection().execute(async (holder) => {
    await sql`begin`.execute(holder);
    for (const l of held) await sql`select id from users where id = ${l.userId} for update`.execute(holder);
    const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(holder)).rows[0]!;
    const pending = Promise.all(held.map((l) => reviewOf(t, l)));
    const waiting = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`;
    while ((await waiting.execute(t.deps.db.kysely)).rows[0]!.n < held.length) await sleep(5);
    await during(holder);
    await sql`commit`.execute(holder);
    return pending;
  });
}

/**
 * Subject 1, learners whose reviews hold the process's write statements in flight (`held`), and
 * alice, bob and carol, whose reviews then form a group.
 */
async function learnersOfAGroup(t: TestApp): Promise<{ held: Learner[]; group: [Learner, Learner, Learner] }> {
  await seedSubjects(t.deps, [radical(1, 1)]);
  const held: Learner[] = [];
  for (let i = 0; i < GROUP_STATEMENTS_IN_FLIGHT; i += 1) held.push(await learner(t, `held${i}`));
  return { held, group: [await learner(t, 'alice'), await learner(t, 'bob'), await learner(t, 'carol')] };
}

/**
 * Waits until `count` reviews have read their targets (each sends that statement first) and the pool
 * is idle but for the writes in flight and the test's `holding` connections.
 */
async function untilRead(t: TestApp, sent: string[], count: number, holding = 1): Promise<void> {
  const reads = () => sent.filter((text) => text.startsWith('select') && text.includes('"assignments" as "a"')).length;
  for (;;) {
    const stats = t.deps.db.poolStats()!;
    if (reads() >= count && stats.total - stats.idle <= GROUP_STATEMENTS_IN_FLIGHT + holding && stats.waiting === 0) break;
    await sleep(5);
  }
  // The review's step after its read (the SRS step, then the queue) takes no statement.
  await sleep(50);
}

describeEachEngine('POST /reviews on PostgreSQL committed in groups', (t) => {
  it('writes the reviews that arrive while the write statements are in flight in one statement, and sends one whose stamp moved through the locked path', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const {
      held,
      group: [moved, b, c],
    } = await learnersOfAGroup(app);
    const groups = recordReviewGroups();
    const queries = recordPgQueries();
    let grouped: Promise<Awaited<ReturnType<typeof reviewOf>>[]> | undefined;
    let otherStamp = 0;
    try {
      const lone = await whileWritesWait(app, held, async (holder) => {
        grouped = Promise.all([moved, b, c].map((l) => reviewOf(app, l)));
        await untilRead(app, queries.sent, held.length + 3);
        // Another writer moves alice's item to stage 3 and her stamp after her review read them.
        otherStamp = (
          await sql<{
            change_stamp: number;
          }>`update users set change_stamp = change_stamp + 1000 where id = ${moved.userId} returning change_stamp`.execute(holder)
        ).rows[0]!.change_stamp;
        await sql`update assignments set srs_stage = 3, updated_at = ${otherStamp} where id = ${moved.assignmentId}`.execute(holder);
      });
      expect(lone.map((res) => res.statusCode)).toEqual(held.map(() => 201));
      const answers = await grouped!;
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
      // One group of the three; the writes in flight went alone.
      expect(groups.groups.map((learners) => learners.sort((x, y) => x - y))).toEqual([[moved.userId, b.userId, c.userId]]);
      const [alice, bob, carol] = answers.map((a) => a.json());
      // Alice's stamp moved: her review went alone, under the lock, and saw the other write.
      expect(alice.data).toMatchObject({ starting_srs_stage: 3 });
      expect(Date.parse(alice.data_updated_at)).toBeGreaterThan(otherStamp);
      for (const body of [bob, carol]) expect(body.data).toMatchObject({ starting_srs_stage: 1 });

      const { kysely } = app.deps.db;
      const stored = await kysely
        .selectFrom('reviews')
        .select(['id', 'user_id', 'starting_srs_stage', 'updated_at'])
        .orderBy('id')
        .execute();
      expect(stored.map((r) => r.id).sort()).toEqual([...lone.map((res) => res.json().id), alice.id, bob.id, carol.id].sort());
      for (const l of [...held, moved, b, c]) {
        const user = await kysely.selectFrom('users').select('change_stamp').where('id', '=', l.userId).executeTakeFirstOrThrow();
        expect(user.change_stamp).toBe(stored.find((r) => r.user_id === l.userId)!.updated_at);
      }
      // Each answer's statistic is the one stored, as a lone write answers it.
      for (const [l, body] of [
        [b, bob],
        [c, carol],
      ] as const) {
        const statistic = await app.get(`/api/v1/review_statistics?subject_ids=1`, l.token);
        expect(statistic.json().data[0].data).toEqual(body.resources_updated.review_statistic.data);
        const assignment = await app.get(`/api/v1/assignments/${l.assignmentId}`, l.token);
        expect(assignment.json().data).toEqual(body.resources_updated.assignment.data);
      }
    } finally {
      queries.restore();
      groups.restore();
    }
  });

  it('writes each review of a group alone when the group statement fails part-way: only the failing one fails', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const {
      held,
      group: [failing, b, c],
    } = await learnersOfAGroup(app);
    const { kysely } = app.deps.db;
    // A review log row of alice's is refused: the group statement fails after its earlier rows.
    await sql`create function refuse_alice() returns trigger language plpgsql as $$
      begin
        if new.user_id = ${sql.lit(failing.userId)} then raise exception 'refused'; end if;
        return new;
      end $$`.execute(kysely);
    await sql`create trigger refuse_alice before insert on reviews for each row execute function refuse_alice()`.execute(kysely);
    const groups = recordReviewGroups();
    const queries = recordPgQueries();
    try {
      let grouped: Promise<Awaited<ReturnType<typeof reviewOf>>[]> | undefined;
      const lone = await whileWritesWait(app, held, async () => {
        grouped = Promise.all([b, failing, c].map((l) => reviewOf(app, l)));
        await untilRead(app, queries.sent, held.length + 3);
      });
      expect(lone.map((res) => res.statusCode)).toEqual(held.map(() => 201));
      const [bob, alice, carol] = await grouped!;
      expect(groups.groups.map((learners) => learners.sort((x, y) => x - y))).toEqual([[failing.userId, b.userId, c.userId]]);
      expect(alice!.statusCode).toBe(500);
      expect(bob!.statusCode, bob!.body).toBe(201);
      expect(carol!.statusCode, carol!.body).toBe(201);
      // Bob's and Carol's reviews were written once each, alone; nothing of Alice's was.
      const stored = await kysely.selectFrom('reviews').select(['id', 'user_id', 'updated_at']).orderBy('id').execute();
      expect(stored.map((r) => r.id).sort()).toEqual([...lone.map((res) => res.json().id), bob!.json().id, carol!.json().id].sort());
      const alicesRow = await kysely.selectFrom('users').select('change_stamp').where('id', '=', failing.userId).executeTakeFirstOrThrow();
      expect(alicesRow.change_stamp).toBeLessThan(Date.parse(bob!.json().data_updated_at));
      const aliceAssignment = await kysely
        .selectFrom('assignments')
        .select('srs_stage')
        .where('id', '=', failing.assignmentId)
        .executeTakeFirstOrThrow();
      expect(aliceAssignment.srs_stage).toBe(1);
      expect(await kysely.selectFrom('review_statistics').select('user_id').where('user_id', '=', failing.userId).execute()).toEqual([]);
      for (const [l, res] of [
        [b, bob!],
        [c, carol!],
      ] as const) {
        const statistic = await app.get(`/api/v1/review_statistics?subject_ids=1`, l.token);
        expect(statistic.json().data[0].data).toEqual(res.json().resources_updated.review_statistic.data);
      }
    } finally {
      queries.restore();
      groups.restore();
      await sql`drop trigger refuse_alice on reviews`.execute(kysely);
      await sql`drop function refuse_alice()`.execute(kysely);
    }
  });

  it('answers each review of a group whose connection is lost after its statement was sent as failed, and writes none twice', async (context) => {
    const app = t();
    if (app.engine !== 'postgres') context.skip();
    const { held, group } = await learnersOfAGroup(app);
    const { kysely } = app.deps.db;
    const queries = recordPgQueries();
    const sentOn = recordReviewGroups();
    const blockedBy = (pid: number) =>
      sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(kysely);
    let grouped: Promise<Awaited<ReturnType<typeof reviewOf>>[]> | undefined;
    try {
      // Another connection holds alice's row (the group's first learner), so the group's statement,
      // sent once the lone writes end, waits for it on the server while its connection is cut.
      await kysely.connection().execute(async (locker) => {
        await sql`begin`.execute(locker);
        await sql`select id from users where id = ${group[0].userId} for update`.execute(locker);
        const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(locker)).rows[0]!;
        await whileWritesWait(app, held, async () => {
          grouped = Promise.all(group.map((l) => reviewOf(app, l)));
          await untilRead(app, queries.sent, held.length + 3, 2);
        });
        while ((await blockedBy(pid)).rows[0]!.n < 1) await sleep(5);
        expect(sentOn.clients).toHaveLength(1);
        (sentOn.clients[0] as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        // What the server does with the failure happens now, while the statement still waits.
        const answers = await grouped!;
        expect(answers.map((a) => a.statusCode)).toEqual([500, 500, 500]);
        await sql`commit`.execute(locker);
      });
      // The statement the server was sent still commits; nothing wrote any of its reviews again.
      const groupRunning = sql<{
        n: number;
      }>`select count(*)::int as n from pg_stat_activity where query like 'with "locked" as materialized%' and state = 'active'`;
      while ((await groupRunning.execute(kysely)).rows[0]!.n > 0) await sleep(5);
      const stored = await kysely.selectFrom('reviews').select('user_id').execute();
      for (const l of [...held, ...group]) expect(stored.filter((r) => r.user_id === l.userId)).toHaveLength(1);
    } finally {
      sentOn.restore();
      queries.restore();
    }
  });
});
