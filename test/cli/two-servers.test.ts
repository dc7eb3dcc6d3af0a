import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseEngine } from '../../src/config/index.js';
import type { Deps } from '../../src/services/deps.js';
import { systemClock } from '../../src/shared/clock.js';
import { testConfig } from '../support/app.js';
import { createTestDb, ENGINES, TEST_DATABASE_URL, type TestDb } from '../support/db.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { keepTestContent, serverEnv, startServerProcess, stopServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * Two real server processes on one database (a SQLite file; a PostgreSQL schema), each with its own
 * connections and its own in-process queue of a learner's writes: only the database's lock orders
 * them. Vacation toggles sent to both at once must shift the learner's schedule by exactly the time
 * spent on vacation, as the server itself stamped it: a pause counted twice (the clock read before
 * the lock) would shift it by more.
 */
const TOGGLE_MS = 3000;
const SENDERS_PER_SERVER = 4;
const SUBJECTS = [radical(1, 1), radical(2, 1), radical(3, 1)];

interface VacationAnswer {
  data_updated_at: string;
  data: { started_at: string | null; days_away: number };
}

async function call(origin: string, token: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${origin}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function availableAt(origin: string, token: string): Promise<Map<number, number>> {
  const res = await call(origin, token, 'GET', '/assignments?started=true');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { data: { subject_id: number; available_at: string } }[] };
  return new Map(body.data.map((a) => [a.data.subject_id, Date.parse(a.data.available_at)]));
}

for (const engine of ENGINES satisfies DatabaseEngine[]) {
  describe.skipIf(engine === 'postgres' && !TEST_DATABASE_URL)(`two server processes on one database [${engine}]`, () => {
    let testDb: TestDb;
    let deps: Deps;
    const servers: ServerProcess[] = [];

    beforeAll(async () => {
      testDb = await createTestDb(engine);
      deps = { db: testDb.db, clock: systemClock, config: testConfig(testDb.databaseUrl) };
      await seedSubjects(deps, SUBJECTS);
      await keepTestContent(deps);
      servers.push(...(await Promise.all([startServerProcess(serverEnv(testDb)), startServerProcess(serverEnv(testDb))])));
    }, 240_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServerProcess(server)));
      await testDb?.destroy();
    });

    it('vacation toggled from both at once shifts every schedule by exactly the time away', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const { token } = await createLearner(deps, 'traveller');
      const assignments = (await (await call(a.origin, token, 'GET', '/assignments')).json()) as { data: { id: number }[] };
      for (const assignment of assignments.data) {
        expect((await call(b.origin, token, 'PUT', `/assignments/${assignment.id}/start`)).status).toBe(200);
      }
      const before = await availableAt(a.origin, token);
      expect(before.size).toBe(SUBJECTS.length);

      // Senders on both servers toggle at random, with short random pauses, for a few seconds.
      const answers: VacationAnswer[] = [];
      const began = Date.now();
      const sender = async (origin: string) => {
        while (Date.now() - began < TOGGLE_MS) {
          const res = await call(origin, token, 'PUT', '/vacation', { active: Math.random() < 0.5 });
          expect(res.status).toBe(200);
          answers.push((await res.json()) as VacationAnswer);
          await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        }
      };
      await Promise.all([a, b].flatMap((server) => Array.from({ length: SENDERS_PER_SERVER }, () => sender(server.origin))));
      const last = await call(b.origin, token, 'PUT', '/vacation', { active: false });
      answers.push((await last.json()) as VacationAnswer);
      const wallMs = Date.now() - began;

      // Every change is answered with its own stamp: a start with `started_at`, an end with the
      // account's `data_updated_at` (a repeated start or end answers the stamp of the change before).
      const starts = [...new Set(answers.flatMap((x) => (x.data.started_at === null ? [] : [Date.parse(x.data.started_at)])))].sort(
        (x, y) => x - y,
      );
      const ends = [...new Set(answers.filter((x) => x.data.started_at === null).map((x) => Date.parse(x.data_updated_at)))]
        .filter((at) => at > (starts[0] ?? Infinity))
        .sort((x, y) => x - y);
      expect(starts.length).toBeGreaterThan(1);
      expect(ends).toHaveLength(starts.length);
      let away = 0;
      starts.forEach((start, i) => {
        // Pauses alternate and never overlap: each ends before the next begins.
        expect(ends[i]!).toBeGreaterThan(start);
        if (i + 1 < starts.length) expect(starts[i + 1]!).toBeGreaterThan(ends[i]!);
        away += ends[i]! - start;
      });
      // Time away is part of the time the test took (counting a pause twice would break this too).
      expect(away).toBeLessThanOrEqual(wallMs);

      const after = await availableAt(b.origin, token);
      for (const [subjectId, due] of before) expect(after.get(subjectId)! - due, `subject ${subjectId}`).toBe(away);
    });
  });
}
