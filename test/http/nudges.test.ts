import { moveLearnerStamps } from '../../src/db/learner-writes.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserById, updateUser } from '../../src/db/repositories/users.js';
import { unsubscribeToken } from '../../src/services/unsubscribe.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/shared/time.js';
import { describeEachEngine, INTERNAL_SECRET, TEST_BASE_URL, UNSUBSCRIBE_SECRET, type TestApp } from '../support/app.js';
import { startFakeSmtp } from '../support/fake-smtp.js';
import { createLearner, radical, seedSubjects, type Learner } from '../support/factories.js';
import { assignmentOf, start } from '../support/study.js';

const smtp = await startFakeSmtp();
afterAll(() => smtp.close());
const WEB_APP = 'https://app.study.test';
const MAIL_FROM = 'Study Service <nudges@study.test>';

/** Lessons started at T0 (Saturday 2026-11-21 10:30 UTC) fall due at 12:00 UTC that day. */
const DUE_AT = Date.parse('2026-11-21T12:00:00.000Z');
/** Wednesday 17:00 UTC: three whole idle days (22nd to 24th) and more than 48 hours of backlog. */
const NUDGE_AT = '2026-11-25T17:00:00.000Z';

type Run = {
  mode: string;
  counts: Record<string, number>;
  users: { user_id: string; decision: string; reviews_waiting: number | null; oldest_waiting_since: string | null }[];
};

async function nudgeTick(app: TestApp, query = ''): Promise<Run> {
  const res = await app.get(`/api/v1/internal/nudges${query}`, INTERNAL_SECRET);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const entryOf = (run: Run, learner: Learner) => run.users.find((u) => u.user_id === learner.uuid);
const decisionOf = (run: Run, learner: Learner) => entryOf(run, learner)?.decision;

/** A learner with an email who started `reviews` lessons at T0 (12 radicals are seeded). */
async function backlog(
  app: TestApp,
  username: string,
  options: { reviews?: number; email?: string | null; timezone?: string } = {},
): Promise<Learner> {
  const email = options.email === undefined ? `${username}@example.com` : options.email;
  const learner = await createLearner(app.deps, username, {
    ...(email !== null ? { email } : {}),
    ...(options.timezone ? { timezone: options.timezone } : {}),
  });
  for (let id = 1; id <= (options.reviews ?? 12); id += 1)
    await start(app, learner.token, (await assignmentOf(app, learner.token, id))!.id);
  return learner;
}

async function seed(app: TestApp) {
  await seedSubjects(
    app.deps,
    Array.from({ length: 12 }, (_, i) => radical(i + 1, 1)),
  );
}

async function lastNudgedAt(app: TestApp, learner: Learner) {
  return (await findUserById(app.deps.db.kysely, learner.userId))!.lastNudgedAt;
}

describeEachEngine(
  'GET /internal/nudges',
  (t) => {
    beforeEach(() => smtp.reset());

    it('answers only the shared secret', async () => {
      const app = t();
      const alice = await createLearner(app.deps);
      for (const token of [undefined, alice.token, `${INTERNAL_SECRET}-`]) {
        expect((await app.get('/api/v1/internal/nudges', token)).statusCode).toBe(401);
      }
    });

    it('emails a learner whom every gate lets through, with text, HTML and an unsubscribe link', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set(NUDGE_AT);
      const run = await nudgeTick(app);
      expect(run).toMatchObject({ mode: 'send', counts: { users: 1, sent: 1 } });
      expect(entryOf(run, alice)).toEqual({
        user_id: alice.uuid,
        decision: 'sent',
        reviews_waiting: 12,
        oldest_waiting_since: new Date(DUE_AT).toISOString(),
      });
      expect(await lastNudgedAt(app, alice)).toBe(app.clock.now());

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      const token = unsubscribeToken(UNSUBSCRIBE_SECRET, alice.uuid);
      expect(token).toMatch(new RegExp(`^${alice.uuid}\\.[A-Za-z0-9_-]{43}$`));
      expect(mail.to).toEqual(['alice@example.com']);
      expect(mail.from).toBe('nudges@study.test');
      expect(mail.headers.get('subject')).toBe('12 reviews are waiting for you');
      expect(mail.headers.get('list-unsubscribe')).toBe(`<${TEST_BASE_URL}/unsubscribe?token=${token}>`);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const text = mail.parts.get('text/plain')!;
      expect(text).toContain('Hi alice,');
      expect(text).toContain('12 reviews are waiting for you, and the oldest has waited 4 days.');
      expect(text).toContain(`Start reviewing: ${WEB_APP}/reviews`);
      expect(text).toContain(`Stop these emails: ${WEB_APP}/unsubscribe?token=${token}`);
      const html = mail.parts.get('text/html')!;
      expect(html).toContain(`<a href="${WEB_APP}/unsubscribe?token=${token}">Stop these emails</a>`);
      expect(html).toContain(`<a href="${WEB_APP}/reviews">`);

      // The link's token works: the learner is unsubscribed and the next run says so.
      const res = await app.post('/api/v1/unsubscribe', undefined, { token });
      expect(res.statusCode).toBe(200);
      app.clock.advance(8 * DAY_MS);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('unsubscribed');
    });

    it('needs an email address', async () => {
      const app = t();
      await seed(app);
      const nobody = await backlog(app, 'nobody', { email: null });
      app.clock.set(NUDGE_AT);
      expect(entryOf(await nudgeTick(app), nobody)).toEqual({
        user_id: nobody.uuid,
        decision: 'no_email',
        reviews_waiting: null,
        oldest_waiting_since: null,
      });
      expect(smtp.received).toEqual([]);
    });

    it('skips learners on vacation', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      await updateUser(app.deps.db.kysely, alice.userId, { vacationStartedAt: app.clock.now() }, null);
      app.clock.set(NUDGE_AT);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('on_vacation');
      expect(smtp.received).toEqual([]);
    });

    it('waits for three whole idle local days', async () => {
      const app = t();
      await seed(app);
      const utc = await backlog(app, 'utc');
      const newYork = await backlog(app, 'ny', { timezone: 'America/New_York' }); // studied at 05:30 on the 21st, local
      app.clock.set('2026-11-24T23:59:00.000Z');
      let run = await nudgeTick(app);
      expect(entryOf(run, utc)).toMatchObject({ decision: 'recently_studied', reviews_waiting: 12 });
      app.clock.set('2026-11-25T00:00:00.000Z'); // UTC: the 22nd to the 24th were idle; New York is still on the 24th
      run = await nudgeTick(app);
      expect(decisionOf(run, utc)).toBe('sent');
      expect(decisionOf(run, newYork)).toBe('recently_studied');
      app.clock.set('2026-11-25T05:00:00.000Z'); // midnight of the 25th in New York
      expect(decisionOf(await nudgeTick(app), newYork)).toBe('sent');
      expect(smtp.received.map((m) => m.to[0])).toEqual(['utc@example.com', 'ny@example.com']);
    });

    it('counts a review as study too', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set('2026-11-23T09:00:00.000Z');
      const res = await app.post('/api/v1/reviews', alice.token, {
        assignment_id: (await assignmentOf(app, alice.token, 12))!.id,
        incorrect_meaning_answers: 0,
        incorrect_reading_answers: 0,
      });
      expect(res.statusCode).toBe(201);
      app.clock.set(NUDGE_AT);
      // The lessons of the 21st are outside the idle window; the review of the 23rd is inside it.
      expect(decisionOf(await nudgeTick(app), alice)).toBe('recently_studied');
    });

    it('needs at least 10 reviews waiting', async () => {
      const app = t();
      await seed(app);
      const nine = await backlog(app, 'nine', { reviews: 9 });
      const ten = await backlog(app, 'ten', { reviews: 10 });
      app.clock.set(NUDGE_AT);
      const run = await nudgeTick(app);
      expect(entryOf(run, nine)).toMatchObject({ decision: 'too_few_reviews', reviews_waiting: 9 });
      expect(decisionOf(run, ten)).toBe('sent');
    });

    it('needs the oldest waiting review to have waited 48 hours', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set(NUDGE_AT);
      const dueAt = async (at: number) => {
        await app.deps.db.kysely
          .updateTable('assignments')
          .set({ available_at: at })
          .where('user_id', '=', alice.userId)
          .where('started_at', 'is not', null)
          .execute();
        await moveLearnerStamps(app.deps.db, [alice.userId]);
      };
      await dueAt(app.clock.now() - 48 * HOUR_MS + MINUTE_MS);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('backlog_too_recent');
      await dueAt(app.clock.now() - 48 * HOUR_MS);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('sent');
    });

    it('sends at most one a week, counted in local days', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set(NUDGE_AT);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('sent');
      for (const days of [1, 6]) {
        app.clock.set(NUDGE_AT);
        app.clock.advance(days * DAY_MS);
        expect(decisionOf(await nudgeTick(app), alice)).toBe('recently_nudged');
      }
      // A week later, a run that starts a little earlier than last week's still sends.
      app.clock.set(NUDGE_AT);
      app.clock.advance(7 * DAY_MS - 5 * MINUTE_MS);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('sent');
      expect(smtp.received).toHaveLength(2);
    });

    it('decides everyone on a dry run and sends and writes nothing', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set(NUDGE_AT);
      const dry = await nudgeTick(app, '?dry_run=1');
      expect(dry).toMatchObject({ mode: 'dry_run', dry_run: true, counts: { sent: 1 } });
      expect(decisionOf(dry, alice)).toBe('sent');
      expect(smtp.received).toEqual([]);
      expect(await lastNudgedAt(app, alice)).toBeNull();
      expect((await app.get('/api/v1/internal/nudges?dry_run=no', INTERNAL_SECRET)).statusCode).toBe(422);
      expect(smtp.received).toEqual([]);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('sent');
      expect(smtp.received).toHaveLength(1);
    });

    it('retries a mail server that says try later, and gives the claim back when it refuses', async () => {
      const app = t();
      await seed(app);
      const alice = await backlog(app, 'alice');
      app.clock.set(NUDGE_AT);
      smtp.refuseNext(550);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('failed');
      expect(await lastNudgedAt(app, alice)).toBeNull();
      expect(smtp.received).toEqual([]);

      app.clock.advance(DAY_MS);
      smtp.refuseNext(451);
      expect(decisionOf(await nudgeTick(app), alice)).toBe('sent');
      expect(smtp.received).toHaveLength(1);
    });

    it('mails once when runs overlap', async () => {
      const app = t();
      await seed(app);
      await backlog(app, 'alice');
      await backlog(app, 'bob');
      app.clock.set(NUDGE_AT);
      const runs = await Promise.all([nudgeTick(app), nudgeTick(app), nudgeTick(app)]);
      expect(runs.reduce((n, r) => n + (r.counts.sent ?? 0), 0)).toBe(2);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    });
  },
  { SMTP_URL: smtp.url, MAIL_FROM, WEB_APP_URL: WEB_APP },
);

describe('nudges without a complete mail setup', () => {
  describeEachEngine(
    'GET /internal/nudges without SMTP_URL',
    (t) => {
      it('decides and reports, and sends and writes nothing', async () => {
        const app = t();
        await seed(app);
        const alice = await backlog(app, 'alice');
        app.clock.set(NUDGE_AT);
        const run = await nudgeTick(app);
        expect(run).toMatchObject({ mode: 'no_smtp', dry_run: true, counts: { sent: 1 } });
        expect(await lastNudgedAt(app, alice)).toBeNull();
      });
    },
    {},
  );

  describeEachEngine(
    'GET /internal/nudges without UNSUBSCRIBE_SECRET',
    (t) => {
      it('never mails without a working unsubscribe link', async () => {
        const app = t();
        smtp.reset();
        await seed(app);
        const alice = await backlog(app, 'alice');
        app.clock.set(NUDGE_AT);
        const run = await nudgeTick(app);
        expect(run).toMatchObject({ mode: 'no_unsubscribe_secret', counts: { sent: 1 } });
        expect(smtp.received).toEqual([]);
        expect(await lastNudgedAt(app, alice)).toBeNull();
      });
    },
    { SMTP_URL: smtp.url, UNSUBSCRIBE_SECRET: '' },
  );
});
