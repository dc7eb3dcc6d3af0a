import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import type { DatabaseEngine } from '../src/config/index.js';
import { moveLearnerStamps } from '../src/db/learner-writes.js';
import { chunks } from '../src/shared/chunks.js';
import type { Deps } from '../src/services/deps.js';
import { HOUR_MS, MINUTE_MS } from '../src/shared/time.js';
import { startFakePush } from '../test/support/fake-push.js';
import { radical, seedSubjects } from '../test/support/factories.js';
import { benchEngines, machine, printRow, startBenchServer } from './lib/harness.js';

/**
 * GET /internal/push over USERS learners with one device each, against a push provider on
 * loopback (the test fake: it answers every message `ok`). Every learner has three lessons and two
 * reviews waiting, so the first run announces to all of them; the second run finds nothing new
 * (the steady state of most hours); the third, 15 minutes later, also reads the receipts of the
 * first run's tickets (every one `ok`). Seeded by bulk inserts.
 */
const NOW = Date.parse('2026-11-21T10:30:00.000Z');
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SECRET = 'bench-internal-secret';

async function seed(deps: Deps): Promise<void> {
  await seedSubjects(deps, [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1), radical(5, 1)]);
  const db = deps.db.kysely;
  const users = Array.from({ length: USERS }, (_, i) => ({
    uuid: randomUUID(),
    username: `learner${i}`,
    email: null,
    timezone: null,
    level: 1,
    started_at: NOW,
    preferences: '{}',
    push_baseline: 0,
    created_at: NOW,
    updated_at: NOW,
  }));
  for (const part of chunks(users, 500)) await db.insertInto('users').values(part).execute();
  const ids = (await db.selectFrom('users').select('id').orderBy('id').execute()).map((r) => r.id);
  const assignments = ids.flatMap((userId) =>
    [1, 2, 3, 4, 5].map((subjectId) => {
      const started = subjectId <= 2; // two reviews due an hour ago, three lessons
      return {
        user_id: userId,
        subject_id: subjectId,
        subject_type: 'radical',
        subject_level: 1,
        hidden: 0,
        srs_stage: started ? 1 : 0,
        unlocked_at: NOW - 2 * HOUR_MS,
        started_at: started ? NOW - 2 * HOUR_MS : null,
        passed_at: null,
        burned_at: null,
        available_at: started ? NOW - HOUR_MS : null,
        resurrected_at: null,
        created_at: NOW - 2 * HOUR_MS,
        updated_at: NOW - 2 * HOUR_MS,
      };
    }),
  );
  for (const part of chunks(assignments, 500)) await db.insertInto('assignments').values(part).execute();
  await moveLearnerStamps(deps.db, ids);
  const tokens = ids.map((userId) => ({
    user_id: userId,
    token: `ExponentPushToken[bench-${userId}]`,
    platform: 'ios',
    registered_at: NOW,
    revoked_at: null,
    created_at: NOW,
    updated_at: NOW,
  }));
  for (const part of chunks(tokens, 500)) await db.insertInto('push_tokens').values(part).execute();
}

async function runEngine(engine: DatabaseEngine): Promise<void> {
  const push = await startFakePush();
  let now = NOW;
  const server = await startBenchServer(engine, { now: () => now });
  try {
    const deps: Deps = { ...server.deps, config: { ...server.deps.config, pushApiUrl: push.url, internalSecret: SECRET } };
    const seeding = performance.now();
    await seed(deps);
    console.error(`[${engine}] seeded ${USERS} learners in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const app = await buildApp(deps);
    const tick = async () => {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/v1/internal/push', headers: { authorization: `Bearer ${SECRET}` } });
      const seconds = (performance.now() - started) / 1000;
      if (res.statusCode !== 200) throw new Error(`tick answered ${res.statusCode}: ${res.body}`);
      return { seconds, counts: res.json().data.counts as Record<string, number> };
    };
    const first = await tick();
    if (first.counts.sent !== USERS || push.messages().length !== USERS)
      throw new Error(`expected ${USERS} sends, got ${JSON.stringify(first.counts)}`);
    const second = await tick();
    if (second.counts.no_change !== USERS || push.messages().length !== USERS)
      throw new Error(`expected no new sends, got ${JSON.stringify(second.counts)}`);
    now += 15 * MINUTE_MS;
    const third = await tick();
    if (third.counts.receipts_checked !== USERS) throw new Error(`expected ${USERS} receipts, got ${JSON.stringify(third.counts)}`);
    await app.close();
    printRow(`push tick, ${USERS.toLocaleString('en')} users with a device`, engine, {
      'announcing run': `${first.seconds.toFixed(2)} s`,
      'sends/s': Math.round(USERS / first.seconds),
      requests: push.requests.length,
      'no-change run': `${second.seconds.toFixed(2)} s`,
      'users/s (no change)': Math.round(USERS / second.seconds),
      'receipts run': `${third.seconds.toFixed(2)} s`,
      'receipt requests': push.receiptRequests.length,
    });
  } finally {
    await server.close();
    await push.close();
  }
}

console.log(`push tick bench on ${machine()}`);
for (const engine of benchEngines()) await runEngine(engine);
