import { afterAll, beforeEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { connect } from '../../src/db/connect.js';
import { findUserById, updateUser } from '../../src/db/repositories/users.js';
import { claimPushes } from '../../src/services/push.js';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, INTERNAL_SECRET, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { startFakePush } from '../support/fake-push.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import { PUSH_TOKENS_MAX_ACTIVE } from '../../src/domain/notifications.js';
import { device, learnerWithDevices, PUSH_ACCESS_TOKEN, pushTick } from '../support/push.js';
import { assignmentOf, start } from '../support/study.js';

const push = await startFakePush();
afterAll(() => push.close());

async function baselineOf(app: TestApp, userId: number): Promise<number> {
  return (await findUserById(app.deps.db.kysely, userId))!.pushBaseline;
}

const decisionOf = (run: { users: { user_id: string; decision: string }[] }, learner: Learner) =>
  run.users.find((u) => u.user_id === learner.uuid)?.decision;

describeEachEngine(
  'GET /internal/push',
  (t) => {
    beforeEach(() => push.reset());

    it('answers only the shared secret', async () => {
      const app = t();
      const alice = await createLearner(app.deps);
      for (const authorization of [undefined, `Bearer ${alice.token}`, `Bearer ${INTERNAL_SECRET}x`, 'Bearer ']) {
        const res = await app.request({ method: 'GET', url: '/api/v1/internal/push', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Unauthorized. Provide a valid API token.', code: 401 });
      }
      expect(push.requests).toEqual([]);
    });

    it('reports no_devices and does nothing when nobody registered a device', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      await createLearner(app.deps);
      const run = await pushTick(app);
      expect(run).toMatchObject({ outcome: 'no_devices', dry_run: false, users: [], counts: { users: 0, sent: 0 } });
      expect(push.requests).toEqual([]);
    });

    it('announces a rise over the baseline once, lets the baseline fall, and announces a later smaller arrival', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1), radical(3, 1)]);
      const alice = await learnerWithDevices(app, 'alice');

      const first = await pushTick(app);
      expect(first).toMatchObject({ outcome: 'completed', counts: { users: 1, sent: 1, messages: 1, delivered: 1 } });
      expect(first.users).toEqual([{ user_id: alice.uuid, decision: 'sent', devices: 1, reviews: 0, lessons: 3, baseline: 3 }]);
      expect(push.requests).toHaveLength(1);
      expect(push.requests[0]!.headers.authorization).toBe(`Bearer ${PUSH_ACCESS_TOKEN}`);
      expect(push.messages()).toEqual([
        {
          to: device(alice.userId * 100),
          title: '3 lessons are waiting',
          body: 'Open the app to learn them.',
          badge: 3,
          sound: 'default',
          data: { url: '/lessons' },
        },
      ]);

      // Nothing new: no second announcement.
      app.clock.advance(HOUR_MS);
      expect(decisionOf(await pushTick(app), alice)).toBe('no_change');
      expect(push.requests).toHaveLength(1);

      // Studying two lessons lowers the count to 1: the baseline follows it down.
      for (const id of [1, 2]) await start(app, alice.token, (await assignmentOf(app, alice.token, id))!.id);
      const fell = await pushTick(app);
      expect(fell.users[0]).toMatchObject({ decision: 'no_change', reviews: 0, lessons: 1, baseline: 1 });
      expect(await baselineOf(app, alice.userId)).toBe(1);

      // Two reviews fall due: 3 waiting is no more than the old baseline, but more than the new one.
      app.clock.advance(2 * HOUR_MS);
      const rose = await pushTick(app);
      expect(rose.users[0]).toMatchObject({ decision: 'sent', reviews: 2, lessons: 1, baseline: 3 });
      expect(push.messages()[1]).toMatchObject({
        title: '2 reviews are waiting',
        body: '1 lesson is waiting too.',
        badge: 3,
        data: { url: '/reviews' },
      });
    });

    it('holds a rise in quiet hours of the learner’s zone and announces it when they end', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
      // 21:59 in Tokyo (UTC+9) is still a waking hour.
      app.clock.set('2026-11-21T12:59:00.000Z');
      const early = await learnerWithDevices(app, 'early', { timezone: 'Asia/Tokyo' });
      expect(decisionOf(await pushTick(app), early)).toBe('sent');

      app.clock.set('2026-11-21T13:00:00.000Z'); // 22:00 in Tokyo, 13:00 in UTC
      const tokyo = await learnerWithDevices(app, 'tokyo', { timezone: 'Asia/Tokyo' });
      const utc = await learnerWithDevices(app, 'utc');
      const night = await pushTick(app);
      expect(night.users.find((u: { user_id: string }) => u.user_id === tokyo.uuid)).toMatchObject({
        decision: 'held_quiet_hours',
        lessons: 2,
        baseline: 0,
      });
      expect(decisionOf(night, utc)).toBe('sent');
      expect(push.messages().map((m) => m.to)).not.toContain(device(tokyo.userId * 100));
      expect(await baselineOf(app, tokyo.userId)).toBe(0);

      app.clock.set('2026-11-21T22:59:00.000Z'); // 07:59 in Tokyo
      expect(decisionOf(await pushTick(app), tokyo)).toBe('held_quiet_hours');
      app.clock.set('2026-11-21T23:00:00.000Z'); // 08:00 in Tokyo
      const morning = await pushTick(app);
      expect(decisionOf(morning, tokyo)).toBe('sent');
      expect(push.messages().filter((m) => m.to === device(tokyo.userId * 100))).toHaveLength(1);
      expect(await baselineOf(app, tokyo.userId)).toBe(2);
    });

    it('keeps learners on vacation silent, baseline untouched', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const alice = await learnerWithDevices(app, 'alice');
      await updateUser(app.deps.db.kysely, alice.userId, { vacationStartedAt: app.clock.now() }, null);
      const run = await pushTick(app);
      expect(run.users).toEqual([{ user_id: alice.uuid, decision: 'on_vacation', devices: 1, reviews: null, lessons: null, baseline: 0 }]);
      expect(push.requests).toEqual([]);
      expect(await baselineOf(app, alice.userId)).toBe(0);

      await updateUser(app.deps.db.kysely, alice.userId, { vacationStartedAt: null }, null);
      expect(decisionOf(await pushTick(app), alice)).toBe('sent');
    });

    it('decides everyone on a dry run, and sends and writes nothing', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
      const alice = await learnerWithDevices(app, 'alice');
      const bob = await learnerWithDevices(app, 'bob', { timezone: 'Pacific/Kiritimati' }); // 00:30 there: quiet
      for (const query of ['?dry_run=1', '?dry_run=true', '?dry_run']) {
        const run = await pushTick(app, query);
        expect(run).toMatchObject({
          outcome: 'completed',
          dry_run: true,
          counts: { users: 2, sent: 1, held_quiet_hours: 1, messages: 0, delivered: 0 },
        });
        expect(run.users.find((u: { user_id: string }) => u.user_id === alice.uuid)).toMatchObject({ decision: 'sent', baseline: 2 });
        expect(decisionOf(run, bob)).toBe('held_quiet_hours');
      }
      expect(push.requests).toEqual([]);
      expect(await baselineOf(app, alice.userId)).toBe(0);

      const mistyped = await app.get('/api/v1/internal/push?dry_run=yes', INTERNAL_SECRET);
      expect(mistyped.statusCode).toBe(422);
      expect(push.requests).toEqual([]);

      const real = await pushTick(app, '?dry_run=0');
      expect(real).toMatchObject({ dry_run: false, counts: { sent: 1 } });
      expect(push.messages()).toHaveLength(1);
    });

    it('reports the run as a report envelope', async () => {
      const app = t();
      const res = await app.get('/api/v1/internal/push?dry_run=1', INTERNAL_SECRET);
      const now = new Date(app.clock.now()).toISOString();
      expect(res.json()).toEqual({
        object: 'report',
        url: `${TEST_BASE_URL}/internal/push?dry_run=1`,
        data_updated_at: now,
        data: {
          outcome: 'no_devices',
          dry_run: true,
          started_at: now,
          finished_at: now,
          counts: {
            users: 0,
            sent: 0,
            held_quiet_hours: 0,
            no_change: 0,
            on_vacation: 0,
            no_devices: 0,
            failed: 0,
            messages: 0,
            delivered: 0,
            tokens_revoked: 0,
            receipts_checked: 0,
            receipts_pending: 0,
            tickets_expired: 0,
          },
          users: [],
        },
      });
    });

    it('revokes a token the provider no longer knows, keeps it, and a registration re-arms it', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1), radical(3, 1)]);
      const alice = await learnerWithDevices(app, 'alice', { devices: 2, firstDevice: 1 });
      push.unregistered.add(device(1));
      const run = await pushTick(app);
      expect(run).toMatchObject({ counts: { sent: 1, messages: 2, delivered: 1, tokens_revoked: 1 } });
      const rows = await app.deps.db.kysely.selectFrom('push_tokens').select(['token', 'revoked_at']).orderBy('id').execute();
      expect(rows).toEqual([
        { token: device(1), revoked_at: app.clock.now() },
        { token: device(2), revoked_at: null },
      ]);

      // The next arrival goes to the live device only.
      push.reset();
      await start(app, alice.token, (await assignmentOf(app, alice.token, 1))!.id);
      expect((await pushTick(app)).users[0]).toMatchObject({ decision: 'no_change', baseline: 2 });
      app.clock.advance(2 * HOUR_MS);
      const later = await pushTick(app);
      expect(later.users[0]).toMatchObject({ decision: 'sent', devices: 1, reviews: 1, lessons: 2 });
      expect(push.messages().map((m) => m.to)).toEqual([device(2)]);

      // The app registers it again on its next launch: both devices hear of the next arrival.
      app.clock.advance(MINUTE_MS);
      await app.post('/api/v1/push_tokens', alice.token, { token: device(1) });
      push.reset();
      await start(app, alice.token, (await assignmentOf(app, alice.token, 2))!.id);
      await pushTick(app);
      app.clock.advance(2 * HOUR_MS);
      const rearmed = await pushTick(app);
      expect(rearmed.users[0]).toMatchObject({ decision: 'sent', devices: 2 });
      expect(
        push
          .messages()
          .map((m) => m.to)
          .sort(),
      ).toEqual([device(1), device(2)]);
    });

    it('gives the baseline back when every device is gone, so a re-armed device hears of it', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const alice = await learnerWithDevices(app, 'alice', { firstDevice: 7 });
      push.unregistered.add(device(7));
      const run = await pushTick(app);
      expect(run.users[0]).toMatchObject({ decision: 'no_devices', baseline: 0 });
      expect(await baselineOf(app, alice.userId)).toBe(0);
      expect(decisionOf(await pushTick(app), alice)).toBe('no_devices');

      push.reset();
      app.clock.advance(MINUTE_MS);
      await app.post('/api/v1/push_tokens', alice.token, { token: device(7) });
      expect(decisionOf(await pushTick(app), alice)).toBe('sent');
      expect(push.messages()).toHaveLength(1);
    });

    it('retries a provider 5xx, and reports failed (baseline kept for the next run) when it persists', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const alice = await learnerWithDevices(app, 'alice');
      push.failNext(503, 1);
      expect(decisionOf(await pushTick(app), alice)).toBe('sent');
      expect(push.messages()).toHaveLength(1);

      const bob = await learnerWithDevices(app, 'bob');
      push.reset();
      push.failNext(502, 3);
      const failed = await pushTick(app);
      expect(failed.users.find((u: { user_id: string }) => u.user_id === bob.uuid)).toMatchObject({ decision: 'failed', baseline: 0 });
      expect(await baselineOf(app, bob.userId)).toBe(0);
      expect(push.messages()).toEqual([]);
      expect(decisionOf(await pushTick(app), bob)).toBe('sent');
    });

    it('sends in batches of at most 100 messages', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      // 205 devices over 21 learners (an account keeps at most PUSH_TOKENS_MAX_ACTIVE): one run batches across learners.
      for (let i = 0; i < 21; i += 1) {
        const devices = i < 20 ? PUSH_TOKENS_MAX_ACTIVE : 5;
        await learnerWithDevices(app, `learner${i}`, { devices, firstDevice: 1000 + i * PUSH_TOKENS_MAX_ACTIVE });
      }
      const run = await pushTick(app);
      expect(run.counts).toMatchObject({ sent: 21, messages: 205, delivered: 205 });
      expect(push.requests.map((r) => r.messages.length)).toEqual([100, 100, 5]);
    });

    it('never announces twice when two ticks run at once on one server', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const learners = [];
      for (const name of ['a', 'b', 'c', 'd', 'e']) learners.push(await learnerWithDevices(app, name));
      const runs = await Promise.all([pushTick(app), pushTick(app), pushTick(app)]);
      expect(runs.reduce((n, r) => n + r.counts.sent, 0)).toBe(5);
      expect(push.messages()).toHaveLength(5);
    });

    it('never announces twice when two server instances tick at once', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      for (const name of ['a', 'b', 'c']) await learnerWithDevices(app, name);
      // A second instance over the same database: its own pool (or SQLite connection) and process state.
      const db = connect(app.testDb.databaseUrl, app.testDb.pgSchema ? { pgSchema: app.testDb.pgSchema } : {});
      const other = await buildApp({ ...app.deps, db });
      try {
        const held = push.hold();
        const first = app.get('/api/v1/internal/push', INTERNAL_SECRET);
        await held.arrived;
        const second = await other.inject({
          method: 'GET',
          url: '/api/v1/internal/push',
          headers: { authorization: `Bearer ${INTERNAL_SECRET}` },
        });
        held.release();
        const runs = [(await first).json().data, second.json().data];
        expect(runs[0]).toMatchObject({ outcome: 'completed', counts: { sent: 3 } });
        // PostgreSQL: the advisory lock turns the second away; SQLite: its claims see the first run's.
        if (app.engine === 'postgres') expect(runs[1]).toMatchObject({ outcome: 'already_running', users: [] });
        else expect(runs[1]).toMatchObject({ outcome: 'completed', counts: { sent: 0, no_change: 3 } });
        expect(push.messages()).toHaveLength(3);
      } finally {
        await other.close();
        await db.close();
      }
    });

    it('claims a learner once under concurrent claims', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
      const alice = await learnerWithDevices(app, 'alice');
      const now = app.clock.now();
      const claims = await Promise.all(Array.from({ length: 6 }, () => claimPushes(app.deps, [alice.userId], { dryRun: false, now })));
      expect(claims.map(([c]) => c?.decision).sort()).toEqual(['no_change', 'no_change', 'no_change', 'no_change', 'no_change', 'sent']);
      expect(await baselineOf(app, alice.userId)).toBe(2);
    });
  },
  { PUSH_API_URL: push.url, PUSH_ACCESS_TOKEN },
);
