import { sql } from 'kysely';
import type { DatabaseEngine } from '../../src/config/index.js';
import {
  contentionMeter,
  loadElsewhere,
  type Contention,
  startBenchServer,
  type BenchServer,
  type LoadResult,
  type RotatingLoad,
} from './harness.js';
import { createLearners, loadBundledContent, startAllLessons, type BenchLearner } from './seed.js';

export interface ReviewLoad {
  result: LoadResult;
  /** Reviews answered 201. */
  acknowledged: number;
  /** Reviews in the database afterwards (requests in flight when the load stopped may be stored unanswered). */
  stored: number;
  /** Assignments whose stage is not their last review's ending stage: a lost update. */
  stagesOff: number;
  /** What slowed the load whatever the code (contentionMeter). */
  contention: Contention;
}

/** Told just before the load starts and just after it ends: what a bench measures then is the load's alone. */
export interface LoadWindow {
  started(): void;
  ended(): void;
}

/** A server for the review load: the bundled curriculum and `count` learners with tokens, every lesson started. */
export async function seededReviewServer(
  engine: DatabaseEngine,
  count: number,
): Promise<{ server: BenchServer; learners: BenchLearner[] }> {
  const server = await startBenchServer(engine);
  await loadBundledContent(server.deps);
  const learners = await createLearners(server.deps, count);
  await startAllLessons(
    server.deps,
    learners.map((l) => l.userId),
  );
  return { server, learners };
}

/**
 * The review load's requests: each started assignment of `learners` in turn (so concurrent requests
 * are different learners' items), answered wrong once and right once in turn so it stays in the
 * cycle. bench/reviews-sqlite-ceiling.ts sends the same bytes to its bare servers.
 */
export async function reviewRequests(server: BenchServer, learners: readonly BenchLearner[]): Promise<RotatingLoad['variants']> {
  const items = await server.deps.db.kysely
    .selectFrom('assignments')
    .select(['id', 'user_id'])
    .where('started_at', 'is not', null)
    .where(
      'user_id',
      'in',
      learners.map((l) => l.userId),
    )
    // In turns across learners (each one's first item, then each one's second...), so requests
    // sent one after another name different learners; in id order one learner's items would come
    // together, and the concurrent requests would wait in line for that learner's lock.
    .orderBy(sql`row_number() over (partition by user_id order by id)`)
    .orderBy('user_id')
    .execute();
  const tokenOf = new Map(learners.map((l) => [l.userId, l.token]));
  const work = items.map((a) => ({ assignmentId: a.id, token: tokenOf.get(a.user_id) as string }));
  return [1, 0].flatMap((wrong) =>
    work.map((item) => ({
      headers: { 'content-type': 'application/json', authorization: `Bearer ${item.token}` },
      body: JSON.stringify({ assignment_id: item.assignmentId, incorrect_meaning_answers: wrong, incorrect_reading_answers: 0 }),
    })),
  );
}

/** Assignments whose stage is not their last review's ending stage: each is a lost update. */
export const STAGES_OFF_SQL = `
    select count(*) as n from assignments a
    where exists (select 1 from reviews r where r.assignment_id = a.id)
      and a.srs_stage <> (select r.ending_srs_stage from reviews r where r.assignment_id = a.id order by r.id desc limit 1)`;

/**
 * POST /reviews at `connections` with reviewRequests' requests; then checks that every acknowledged
 * review is stored and no stage was lost. The check reads every review (0.4 s of the event loop
 * after 4,000 reviews), so a bench measuring CPU a review brackets the load with `window` instead
 * of the whole call.
 */
export async function reviewLoad(
  server: BenchServer,
  learners: readonly BenchLearner[],
  connections: number,
  durationS: number,
  window?: LoadWindow,
): Promise<ReviewLoad> {
  const db = server.deps.db.kysely;
  const variants = await reviewRequests(server, learners);
  // The load runs in a child process, beside the server's event loop as a client would.
  window?.started();
  const contention = contentionMeter();
  const result = await loadElsewhere({ url: `${server.url}/api/v1/reviews`, method: 'POST', connections, duration: durationS, variants });
  const contended = contention();
  window?.ended();
  const stored = await sql<{ n: number }>`select count(*) as n from reviews`.execute(db);
  const moved = await sql.raw<{ n: number }>(STAGES_OFF_SQL).execute(db);
  return {
    result,
    acknowledged: result.requests - result.non2xx,
    stored: Number(stored.rows[0]?.n),
    stagesOff: Number(moved.rows[0]?.n),
    contention: contended,
  };
}

/** The figures bench/README.md reports for a review load. */
export function reviewFigures({ result, acknowledged, stored, stagesOff, contention }: ReviewLoad): Record<string, string | number> {
  return {
    'reviews/s': result.rps,
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    reviews: result.requests,
    errors: result.errors + result.non2xx,
    'acknowledged stored': `${stored >= acknowledged ? 'all' : 'NOT ALL'} (${acknowledged} answered 201, ${stored} stored)`,
    'stage != last review': stagesOff,
    ...contention,
  };
}
