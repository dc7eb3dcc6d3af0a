import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseEngine } from '../../src/config/index.js';
import type { Deps } from '../../src/services/deps.js';
import { systemClock } from '../../src/shared/clock.js';
import { testConfig } from '../support/app.js';
import { createTestDb, ENGINES, TEST_DATABASE_URL, type TestDb } from '../support/db.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import {
  keepTestContent,
  killServerProcess,
  postJson,
  serverEnv,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-process.js';

/**
 * kill -9 of a real server process while it answers reviews: after a restart every review that was
 * acknowledged (201 received) is stored, each as acknowledged, nothing is stored that was never
 * sent, and SQLite's integrity check passes. The load is bounded to a few seconds.
 */
const LOAD_MS = 2500;
const LEARNERS = 12;
const SUBJECTS = [radical(1, 1), radical(2, 1), radical(3, 1)];

interface Acknowledged {
  id: number;
  assignmentId: number;
  incorrectMeaning: number;
}

for (const engine of ENGINES satisfies DatabaseEngine[]) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`kill -9 under review load [${engine}]`, () => {
    let testDb: TestDb;
    let deps: Deps;
    let server: ServerProcess | undefined;

    beforeAll(async () => {
      testDb = await createTestDb(engine);
      deps = { db: testDb.db, clock: systemClock, config: testConfig(testDb.databaseUrl) };
      await seedSubjects(deps, SUBJECTS);
      await keepTestContent(deps);
    });

    afterAll(async () => {
      await stopServerProcess(server);
      await testDb?.destroy();
    });

    it('loses no acknowledged review, and the database is intact after the restart', async () => {
      server = await startServerProcess(serverEnv(testDb));
      const learners: (Learner & { assignmentIds: number[] })[] = [];
      for (let i = 0; i < LEARNERS; i += 1) {
        const learner = await createLearner(deps, `learner${i}`);
        const listed = (await (
          await fetch(`${server.origin}/api/v1/assignments`, { headers: { authorization: `Bearer ${learner.token}` } })
        ).json()) as { data: { id: number }[] };
        const assignmentIds = listed.data.map((a) => a.id);
        for (const id of assignmentIds) {
          const res = await fetch(`${server.origin}/api/v1/assignments/${id}/start`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${learner.token}` },
          });
          expect(res.status).toBe(200);
        }
        learners.push({ ...learner, assignmentIds });
      }

      // One client per learner answers its items in turn, without pause, until the server dies.
      const acknowledged: Acknowledged[] = [];
      let sent = 0;
      let refused = 0;
      const victim = server;
      const client = async (learner: (typeof learners)[number]) => {
        for (let i = 0; ; i += 1) {
          const assignmentId = learner.assignmentIds[i % learner.assignmentIds.length]!;
          const incorrectMeaning = i % 2;
          sent += 1;
          let res: Response;
          try {
            res = await postJson(victim.origin, learner.token, '/reviews', {
              assignment_id: assignmentId,
              incorrect_meaning_answers: incorrectMeaning,
              incorrect_reading_answers: 0,
            });
          } catch {
            return; // the connection died with the server: not acknowledged
          }
          if (res.status !== 201) {
            refused += 1;
            continue;
          }
          const body = (await res.json()) as { id: number };
          acknowledged.push({ id: body.id, assignmentId, incorrectMeaning });
        }
      };
      const clients = learners.map((learner) => client(learner));
      await new Promise((resolve) => setTimeout(resolve, LOAD_MS));
      const acknowledgedBeforeKill = acknowledged.length;
      await killServerProcess(victim);
      await Promise.all(clients);
      expect(acknowledgedBeforeKill).toBeGreaterThan(0);
      expect(refused).toBe(0);

      server = await startServerProcess(serverEnv(testDb));
      const stored = await deps.db.kysely.selectFrom('reviews').select(['id', 'assignment_id', 'incorrect_meaning_answers']).execute();
      const byId = new Map(stored.map((row) => [row.id, row]));
      const missing = acknowledged.filter((review) => !byId.has(review.id));
      expect(missing).toEqual([]);
      for (const review of acknowledged) {
        expect(byId.get(review.id)).toEqual({
          id: review.id,
          assignment_id: review.assignmentId,
          incorrect_meaning_answers: review.incorrectMeaning,
        });
      }
      // At most the requests in flight at the kill were stored without their answer arriving.
      expect(stored.length).toBeGreaterThanOrEqual(acknowledged.length);
      expect(stored.length).toBeLessThanOrEqual(sent);
      if (engine === 'sqlite') {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(deps.db.kysely);
        expect(check.rows).toEqual([{ integrity_check: 'ok' }]);
      }

      // The restarted server serves, and its reviews go on from where the stored ones stopped.
      const learner = learners[0]!;
      const after = await postJson(server.origin, learner.token, '/reviews', {
        assignment_id: learner.assignmentIds[0],
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
      });
      expect(after.status).toBe(201);
      expect(((await after.json()) as { id: number }).id).toBeGreaterThan(Math.max(...stored.map((row) => row.id)));
    }, 240_000);
  });
}
