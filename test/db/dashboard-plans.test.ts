import { CompiledQuery, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentAssignmentEvents } from '../../src/db/repositories/highlights.js';
import { pendingLessonSubjectIds, reviewSchedule, reviewSubjectIdsDue } from '../../src/db/repositories/queues.js';
import { spreadCounts, spreadItems } from '../../src/db/repositories/spread.js';
import type { Executor } from '../../src/db/transaction.js';
import { createTestDb, type TestDb } from '../support/db.js';

/**
 * Records every query built and run through Kysely's builders by a repository function, to ask
 * SQLite how it would run it (a query only compiled, as a statement compiled once is at its first
 * use, is not run under its own id and is left out).
 */
class Recorder implements KyselyPlugin {
  readonly #compiled = new Map<QueryId, RootOperationNode>();
  readonly queries: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery(args: { node: RootOperationNode; queryId: QueryId }): RootOperationNode {
    this.#compiled.set(args.queryId, args.node);
    return args.node;
  }
  async transformResult<R>(args: { result: R; queryId: QueryId }): Promise<R> {
    const node = this.#compiled.get(args.queryId);
    if (node !== undefined) this.queries.push({ node, queryId: args.queryId });
    return args.result;
  }
}

/**
 * The home screen's per-learner queries read covering indexes (migration dashboard_indexes): a
 * learner with thousands of assignments costs index entries, not table lookups or a sort of every
 * row. SQLite only: its planner decides from the schema alone (no statistics are gathered), so the
 * plan is the same for any data; PostgreSQL picks plans by its statistics of the data at hand.
 */
describe('dashboard query plans (sqlite)', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await createTestDb('sqlite');
  });
  afterAll(async () => {
    await test.destroy();
  });

  async function plansOf(run: (db: Executor) => Promise<unknown>): Promise<string[]> {
    const recorder = new Recorder();
    const withRecorder = test.db.kysely.withPlugin(recorder);
    const executor = test.db.kysely.getExecutor();
    const statements: CompiledQuery[] = [];
    // Statements compiled once (src/db/compiled.ts) reach executeQuery already compiled, past plugins.
    const recording = new Proxy(withRecorder, {
      get(target, property) {
        if (property === 'executeQuery')
          return (query: CompiledQuery) => {
            statements.push(query);
            return target.executeQuery(query);
          };
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await run(recording);
    statements.push(...recorder.queries.map(({ node, queryId }) => executor.compileQuery(node, queryId)));
    const plans: string[] = [];
    for (const compiled of statements) {
      const explained = await test.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      plans.push(explained.rows.map((r) => r.detail).join('\n'));
    }
    return plans;
  }

  const now = Date.UTC(2026, 10, 21);
  it.each([
    ['reviews waiting', 'assignments_user_review_idx', (db: Executor) => reviewSubjectIdsDue(db, 1, now)],
    ['review schedule (due, then arriving)', 'assignments_user_review_idx', (db: Executor) => reviewSchedule(db, 1, now, now + 1)],
    ['item_spread counts', 'assignments_user_stages_idx', (db: Executor) => spreadCounts(db, 1)],
    ['item_spread items', 'assignments_user_stages_idx', (db: Executor) => spreadItems(db, 'sqlite', 1, new Map())],
    ['lessons waiting', 'assignments_user_lessons_idx', (db: Executor) => pendingLessonSubjectIds(db, 1, 60)],
    ['recently unlocked', 'assignments_user_recent_unlocked_idx', (db: Executor) => recentAssignmentEvents(db, 1, 'unlocked_at', now, 12)],
    ['recently burned', 'assignments_user_recent_burned_idx', (db: Executor) => recentAssignmentEvents(db, 1, 'burned_at', now, 12)],
    [
      'recently unlocked (no window: kept per learner state)',
      'assignments_user_recent_unlocked_idx',
      (db: Executor) => recentAssignmentEvents(db, 1, 'unlocked_at', null, 12),
    ],
    [
      'burned items (no window)',
      'assignments_user_recent_burned_idx',
      (db: Executor) => recentAssignmentEvents(db, 1, 'burned_at', null, 12),
    ],
  ] as const)('%s reads %s alone', async (_name, index, run) => {
    const plans = await plansOf(run);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan).toContain(`USING COVERING INDEX ${index}`);
      // In the index's order: no sort, not even of the items due at one instant (review_index_order).
      expect(plan).not.toContain('TEMP B-TREE');
    }
  });
});
