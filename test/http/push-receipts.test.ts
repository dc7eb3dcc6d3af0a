import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { revokePushTokens } from '../../src/db/repositories/push-tokens.js';
import { receiptsUrlOf } from '../../src/jobs/transports/push.js';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, type TestApp } from '../support/app.js';
import { deviceNotRegistered, startFakePush } from '../support/fake-push.js';
import { radical, seedSubjects } from '../support/factories.js';
import { device, learnerWithDevices, PUSH_ACCESS_TOKEN, pushTick } from '../support/push.js';

const push = await startFakePush();
afterAll(() => push.close());

/** The policy as the spec words it, not read back from the code under test. */
const askAfterMs = 15 * MINUTE_MS;
const dropAfterMs = 24 * HOUR_MS;

/** The one ticket the fake issued for `token`. */
function ticketOf(token: string): string {
  const tickets = push.ticketsOf(token);
  expect(tickets).toHaveLength(1);
  return tickets[0]!;
}

async function storedTickets(app: TestApp) {
  return app.deps.db.kysely
    .selectFrom('push_tickets')
    .select(['user_id', 'push_token_id', 'ticket_id', 'created_at'])
    .orderBy('id')
    .execute();
}

async function tokens(app: TestApp) {
  return app.deps.db.kysely.selectFrom('push_tokens').select(['id', 'token', 'revoked_at']).orderBy('id').execute();
}

/** Alice, with `devices` devices numbered from 1, announced her one lesson: a ticket per device. */
async function announcedToAlice(app: TestApp, devices = 1) {
  await seedSubjects(app.deps, [radical(1, 1)]);
  const alice = await learnerWithDevices(app, 'alice', { devices, firstDevice: 1 });
  expect((await pushTick(app)).counts).toMatchObject({ sent: 1, delivered: devices });
  return alice;
}

const receiptCounts = (run: { counts: Record<string, number> }) => ({
  receipts_checked: run.counts.receipts_checked,
  receipts_pending: run.counts.receipts_pending,
  tickets_expired: run.counts.tickets_expired,
  tokens_revoked: run.counts.tokens_revoked,
});

describe('receiptsUrlOf', () => {
  it('replaces the trailing /send of PUSH_API_URL with /getReceipts', () => {
    expect(receiptsUrlOf('https://exp.host/--/api/v2/push/send')).toBe('https://exp.host/--/api/v2/push/getReceipts');
    expect(receiptsUrlOf('https://relay.example/push/send/?key=1')).toBe('https://relay.example/push/getReceipts?key=1');
    expect(receiptsUrlOf('https://relay.example/push')).toBe('https://relay.example/push/getReceipts');
  });
});

describeEachEngine(
  'push receipts',
  (t) => {
    beforeEach(() => push.reset());

    it('keeps the ticket of each accepted message, none of a refused one, and drops them with their token', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const alice = await learnerWithDevices(app, 'alice', { devices: 3, firstDevice: 1 });
      push.unregistered.add(device(3));
      expect((await pushTick(app)).counts).toMatchObject({ sent: 1, delivered: 2, tokens_revoked: 1 });
      const [one, two] = await tokens(app);
      expect(await storedTickets(app)).toEqual([
        { user_id: alice.userId, push_token_id: one!.id, ticket_id: ticketOf(device(1)), created_at: app.clock.now() },
        { user_id: alice.userId, push_token_id: two!.id, ticket_id: ticketOf(device(2)), created_at: app.clock.now() },
      ]);

      const removed = await app.delete('/api/v1/push_tokens', alice.token, { token: device(2) });
      expect(removed.json().data).toEqual({ removed: 1 });
      expect((await storedTickets(app)).map((r) => r.ticket_id)).toEqual([ticketOf(device(1))]);
    });

    it('revokes a token on a DeviceNotRegistered receipt at the first run 15 minutes after the send, not before', async () => {
      const app = t();
      const alice = await announcedToAlice(app, 2);
      push.receipts.set(ticketOf(device(1)), deviceNotRegistered(device(1)));

      app.clock.advance(askAfterMs - 1);
      const early = await pushTick(app);
      expect(receiptCounts(early)).toEqual({ receipts_checked: 0, receipts_pending: 0, tickets_expired: 0, tokens_revoked: 0 });
      expect(push.receiptRequests).toEqual([]);
      expect(await storedTickets(app)).toHaveLength(2);

      app.clock.advance(1);
      const due = await pushTick(app);
      expect(receiptCounts(due)).toEqual({ receipts_checked: 2, receipts_pending: 0, tickets_expired: 0, tokens_revoked: 1 });
      expect(push.receiptRequests).toHaveLength(1);
      expect(push.receiptRequests[0]!.ids.sort()).toEqual([ticketOf(device(1)), ticketOf(device(2))].sort());
      expect(push.receiptRequests[0]!.headers.authorization).toBe(`Bearer ${PUSH_ACCESS_TOKEN}`);
      // Revoked before this run decided: the learner already counts one device.
      expect(due.users[0]).toMatchObject({ decision: 'no_change', devices: 1 });
      expect((await tokens(app)).map(({ token, revoked_at }) => ({ token, revoked_at }))).toEqual([
        { token: device(1), revoked_at: app.clock.now() },
        { token: device(2), revoked_at: null },
      ]);
      expect(await storedTickets(app)).toEqual([]);

      // Kept, not deleted: the app's next registration re-arms it (see docs/decisions.md, Push notifications).
      app.clock.advance(MINUTE_MS);
      await app.post('/api/v1/push_tokens', alice.token, { token: device(1) });
      expect((await tokens(app)).map((r) => r.revoked_at)).toEqual([null, null]);
    });

    it('clears the tickets of ok receipts, and asks again for one without a receipt yet', async () => {
      const app = t();
      await announcedToAlice(app, 2);
      const late = ticketOf(device(2));
      push.receipts.set(late, null);

      app.clock.advance(askAfterMs);
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 1,
        receipts_pending: 1,
        tickets_expired: 0,
        tokens_revoked: 0,
      });
      expect((await storedTickets(app)).map((r) => r.ticket_id)).toEqual([late]);

      push.receipts.delete(late);
      app.clock.advance(HOUR_MS);
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 1,
        receipts_pending: 0,
        tickets_expired: 0,
        tokens_revoked: 0,
      });
      expect(push.receiptRequests.map((r) => [...r.ids].sort())).toEqual([[ticketOf(device(1)), late].sort(), [late]]);
      expect(await storedTickets(app)).toEqual([]);
      expect((await tokens(app)).map((r) => r.revoked_at)).toEqual([null, null]);
    });

    it('never revokes, on a stale receipt, a token registered again after its ticket', async () => {
      const app = t();
      const alice = await announcedToAlice(app, 3);
      for (const n of [1, 2, 3]) push.receipts.set(ticketOf(device(n)), deviceNotRegistered(device(n)));

      // Device 1: the app registers it again on launch. Device 2: revoked meanwhile (as another
      // run's immediate DeviceNotRegistered answer would), then re-armed. Device 3: left alone.
      app.clock.advance(5 * MINUTE_MS);
      await app.post('/api/v1/push_tokens', alice.token, { token: device(1) });
      await revokePushTokens(app.deps.db.kysely, [device(2)], app.clock.now(), app.clock.now());
      app.clock.advance(MINUTE_MS);
      await app.post('/api/v1/push_tokens', alice.token, { token: device(2) });
      expect((await tokens(app)).map((r) => r.revoked_at)).toEqual([null, null, null]);

      app.clock.advance(askAfterMs);
      const run = await pushTick(app);
      expect(receiptCounts(run)).toEqual({ receipts_checked: 3, receipts_pending: 0, tickets_expired: 0, tokens_revoked: 1 });
      expect((await tokens(app)).map(({ token, revoked_at }) => ({ token, revoked_at }))).toEqual([
        { token: device(1), revoked_at: null },
        { token: device(2), revoked_at: null },
        { token: device(3), revoked_at: app.clock.now() },
      ]);
      expect(await storedTickets(app)).toEqual([]);
    });

    it('reads no receipts and changes nothing on a dry run', async () => {
      const app = t();
      await announcedToAlice(app);
      push.receipts.set(ticketOf(device(1)), deviceNotRegistered(device(1)));
      const before = await storedTickets(app);
      expect(before).toHaveLength(1);

      app.clock.advance(dropAfterMs);
      await learnerWithDevices(app, 'bob', { firstDevice: 2 });
      const dry = await pushTick(app, '?dry_run=1');
      expect(dry.counts).toMatchObject({
        sent: 1,
        messages: 0,
        receipts_checked: 0,
        receipts_pending: 0,
        tickets_expired: 0,
        tokens_revoked: 0,
      });
      expect(push.receiptRequests).toEqual([]);
      expect(push.requests).toHaveLength(1);
      expect(await storedTickets(app)).toEqual(before);
      expect((await tokens(app)).map((r) => r.revoked_at)).toEqual([null, null]);
    });

    it('retries a receipts 5xx, and a receipts provider that keeps failing never fails the run', async () => {
      const app = t();
      await announcedToAlice(app);
      push.receipts.set(ticketOf(device(1)), deviceNotRegistered(device(1)));

      app.clock.advance(askAfterMs);
      push.failNext(503, 1, 'getReceipts');
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 1,
        receipts_pending: 0,
        tickets_expired: 0,
        tokens_revoked: 1,
      });
      expect(push.receiptRequests).toHaveLength(1);

      await learnerWithDevices(app, 'bob', { firstDevice: 2 });
      await pushTick(app);
      app.clock.advance(askAfterMs);
      await learnerWithDevices(app, 'carol', { firstDevice: 3 });
      push.failNext(502, 3, 'getReceipts');
      const failing = await pushTick(app);
      expect(failing).toMatchObject({ outcome: 'completed', counts: { sent: 1, delivered: 1 } });
      expect(receiptCounts(failing)).toEqual({ receipts_checked: 0, receipts_pending: 1, tickets_expired: 0, tokens_revoked: 0 });
      expect(push.receiptRequests).toHaveLength(1);
      expect((await storedTickets(app)).map((r) => r.ticket_id)).toEqual([ticketOf(device(2)), ticketOf(device(3))]);

      app.clock.advance(HOUR_MS);
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 2,
        receipts_pending: 0,
        tickets_expired: 0,
        tokens_revoked: 0,
      });
      expect(await storedTickets(app)).toEqual([]);
    });

    it('drops tickets 24 hours old without asking, and asks for the younger ones', async () => {
      const app = t();
      await announcedToAlice(app);
      const old = ticketOf(device(1));
      push.receipts.set(old, null); // the provider never has its receipt ready

      app.clock.advance(dropAfterMs - askAfterMs);
      await learnerWithDevices(app, 'bob', { firstDevice: 2 });
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 0,
        receipts_pending: 1,
        tickets_expired: 0,
        tokens_revoked: 0,
      });

      // A moment short of a day it is still asked about.
      app.clock.advance(askAfterMs - 1);
      expect(receiptCounts(await pushTick(app))).toEqual({
        receipts_checked: 0,
        receipts_pending: 1,
        tickets_expired: 0,
        tokens_revoked: 0,
      });
      expect(push.receiptRequests.map((r) => r.ids)).toEqual([[old], [old]]);

      push.receipts.set(old, deviceNotRegistered(device(1)));
      app.clock.advance(1);
      const run = await pushTick(app);
      expect(receiptCounts(run)).toEqual({ receipts_checked: 1, receipts_pending: 0, tickets_expired: 1, tokens_revoked: 0 });
      expect(push.receiptRequests.at(-1)!.ids).toEqual([ticketOf(device(2))]);
      expect(await storedTickets(app)).toEqual([]);
      expect((await tokens(app)).map((r) => r.revoked_at)).toEqual([null, null]);
    });

    it('asks for at most 1000 receipts per request, and stops at the first request the provider cannot answer', async () => {
      const app = t();
      await seedSubjects(app.deps, [radical(1, 1)]);
      const alice = await learnerWithDevices(app, 'alice', { devices: 0 });
      const now = app.clock.now();
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        user_id: alice.userId,
        token: device(10_000 + i),
        platform: null,
        registered_at: now,
        revoked_at: null,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500)
        await app.deps.db.kysely
          .insertInto('push_tokens')
          .values(rows.slice(i, i + 500))
          .execute();
      expect((await pushTick(app)).counts).toMatchObject({ delivered: 1001 });

      app.clock.advance(askAfterMs);
      push.failNext(503, 3, 'getReceipts');
      expect(receiptCounts(await pushTick(app))).toMatchObject({ receipts_checked: 0, receipts_pending: 1000 });
      expect(push.receiptRequests).toEqual([]);

      app.clock.advance(HOUR_MS);
      expect(receiptCounts(await pushTick(app))).toMatchObject({ receipts_checked: 1001, receipts_pending: 0 });
      expect(push.receiptRequests.map((r) => r.ids.length)).toEqual([1000, 1]);
      expect(await storedTickets(app)).toEqual([]);
    });
  },
  { PUSH_API_URL: push.url, PUSH_ACCESS_TOKEN },
);
