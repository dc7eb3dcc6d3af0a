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
      // Two processes behind one address, as behind a load balancer: the same PUBLIC_BASE_URL.
      const env = serverEnv(testDb, { PUBLIC_BASE_URL: 'http://study.test/api/v1' });
      servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
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

    it('one answer retried at once through both, with one Idempotency-Key, is applied once and answered alike', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const { token, userId } = await createLearner(deps, 'retrier');
      const assignments = (await (await call(a.origin, token, 'GET', '/assignments')).json()) as { data: { id: number }[] };
      const assignmentId = assignments.data[0]!.id;
      expect((await call(a.origin, token, 'PUT', `/assignments/${assignmentId}/start`)).status).toBe(200);

      const retries = Array.from({ length: 16 }, (_, i) =>
        fetch(`${(i % 2 === 0 ? a : b).origin}/api/v1/reviews`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': 'one-answer' },
          body: JSON.stringify({ assignment_id: assignmentId, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 }),
        }),
      );
      const answers = await Promise.all(retries);
      expect(answers.map((res) => res.status)).toEqual(Array(16).fill(201));
      expect(new Set(await Promise.all(answers.map((res) => res.text()))).size).toBe(1);
      expect(answers.filter((res) => res.headers.get('idempotency-replayed') === null)).toHaveLength(1);
      const stored = await deps.db.kysely.selectFrom('reviews').select('id').where('user_id', '=', userId).execute();
      expect(stored).toHaveLength(1);
    });
  });
}
