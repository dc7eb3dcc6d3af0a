import { expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { radical } from '../support/factories.js';
import { assignmentIdOf, learnerAt, lessonAt } from '../support/screens.js';
import { assignmentOf, burn } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();
const T0_ISO = iso(T0);

async function vacation(app: TestApp, token: string) {
  const res = await app.get('/api/v1/vacation', token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function putVacation(app: TestApp, token: string, body: unknown) {
  return app.put('/api/v1/vacation', token, body);
}

describeEachEngine('GET and PUT /vacation', (t) => {
  it('reads off for a new account', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    expect(await vacation(app, token)).toMatchObject({ object: 'report', data: { started_at: null, days_away: 0 } });
  });

  it('starts once: a second start keeps the clock, and /user shows it with a new updated_at', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    app.clock.advance(HOUR_MS);
    const started = await putVacation(app, token, { active: true });
    expect(started.statusCode).toBe(200);
    expect(started.json().data).toEqual({ started_at: iso(T0 + HOUR_MS), days_away: 0 });
    const user = (await app.get('/api/v1/user', token)).json();
    expect(user.data.current_vacation_started_at).toBe(iso(T0 + HOUR_MS));
    expect(user.data_updated_at).toBe(iso(T0 + HOUR_MS));

    app.clock.advance(2 * DAY_MS);
    const again = await putVacation(app, token, { vacation: { active: true } });
    expect(again.json().data).toEqual({ started_at: iso(T0 + HOUR_MS), days_away: 2 });
    expect((await app.get('/api/v1/user', token)).json().data_updated_at).toBe(iso(T0 + HOUR_MS));
  });

  it('counts whole days away: 0 on the first day', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0 - MINUTE_MS), [radical(1, 1)]);
    app.clock.set(T0_ISO);
    await putVacation(app, token, { active: true });
    app.clock.set(iso(T0 + DAY_MS - MINUTE_MS));
    expect((await vacation(app, token)).data.days_away).toBe(0);
    app.clock.set(iso(T0 + DAY_MS));
    expect((await vacation(app, token)).data.days_away).toBe(1);
    app.clock.set(iso(T0 + 3 * DAY_MS + 5 * HOUR_MS));
    expect((await vacation(app, token)).data.days_away).toBe(3);
  });

  it('ending pushes every timed assignment forward by exactly the time away, overdue ones too', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1), radical(2, 1), radical(3, 1), radical(4, 1)]);
    await lessonAt(app, token, 1, T0_ISO); // due 12:00, overdue by the end
    await lessonAt(app, token, 2, iso(T0 + 5 * MINUTE_MS));
    await burn(app, token, 3); // burned: no available_at
    const before = await Promise.all([1, 2, 3, 4].map(async (id) => (await assignmentOf(app, token, id))!.data));

    app.clock.set(iso(T0 + HOUR_MS));
    await putVacation(app, token, { active: true });
    const away = 3 * DAY_MS + 7 * HOUR_MS + 13 * MINUTE_MS + 17;
    app.clock.set(iso(T0 + HOUR_MS + away));
    const ended = await putVacation(app, token, { active: false });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toEqual({ started_at: null, days_away: 0 });

    const shifted = (id: number) => iso(Date.parse(before[id - 1]!.available_at!) + away);
    const after = await Promise.all([1, 2, 3, 4].map(async (id) => (await assignmentOf(app, token, id))!));
    expect(after[0]!.data.available_at).toBe(shifted(1));
    expect(after[1]!.data.available_at).toBe(shifted(2));
    expect(after[2]!.data).toEqual(before[2]);
    expect(after[3]!.data).toEqual(before[3]);
    // Shifted rows are bumped so syncing clients pick them up; the others are not.
    const synced = (await app.get(`/api/v1/assignments?updated_after=${iso(T0 + HOUR_MS + away - 1)}`, token)).json();
    expect(synced.data.map((a: { data: { subject_id: number } }) => a.data.subject_id).sort()).toEqual([1, 2]);
    expect((await app.get('/api/v1/user', token)).json().data.current_vacation_started_at).toBeNull();

    // Ending again changes nothing.
    app.clock.advance(DAY_MS);
    expect((await putVacation(app, token, { active: false })).json().data).toEqual({ started_at: null, days_away: 0 });
    expect((await assignmentOf(app, token, 1))!.data.available_at).toBe(shifted(1));
  });

  it('ending on the first day shifts by the minutes away', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    await lessonAt(app, token, 1, T0_ISO);
    const due = Date.parse((await assignmentOf(app, token, 1))!.data.available_at!);
    // The pause starts at its change stamp, which follows the lesson's: a second later, on the clock.
    app.clock.advance(SECOND_MS);
    await putVacation(app, token, { active: true });
    app.clock.advance(10 * MINUTE_MS);
    await putVacation(app, token, { active: false });
    expect((await assignmentOf(app, token, 1))!.data.available_at).toBe(iso(due + 10 * MINUTE_MS));
  });

  it('rejects anything but a boolean `active` with 422 and changes nothing', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    for (const body of [{}, { active: 'true' }, { active: 1 }, { active: null }, { vacation: { active: 'yes' } }, [true]]) {
      const res = await putVacation(app, token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ error: expect.stringMatching(/^(active|The body)/), code: 422 });
    }
    const empty = await app.request({
      method: 'PUT',
      url: '/api/v1/vacation',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(422);
    const text = await app.request({
      method: 'PUT',
      url: '/api/v1/vacation',
      token,
      headers: { 'content-type': 'application/json' },
      payload: '{"active": tru',
    });
    expect(text.json()).toEqual({ error: 'The request body is not valid JSON.', code: 422 });
    expect((await vacation(app, token)).data).toEqual({ started_at: null, days_away: 0 });
    expect((await app.get('/api/v1/user', token)).json().data_updated_at).toBe(T0_ISO);
  });

  it('serialises concurrent requests: parallel starts keep one clock, parallel ends shift once', async () => {
    const app = t();
    const { token } = await learnerAt(app, iso(T0 - MINUTE_MS), [radical(1, 1)]);
    await lessonAt(app, token, 1, iso(T0 - MINUTE_MS));
    const due = Date.parse((await assignmentOf(app, token, 1))!.data.available_at!);
    app.clock.set(T0_ISO);
    const starts = await Promise.all(Array.from({ length: 6 }, () => putVacation(app, token, { active: true })));
    expect(new Set(starts.map((r) => r.json().data.started_at))).toEqual(new Set([T0_ISO]));
    app.clock.advance(2 * DAY_MS);
    const ends = await Promise.all(Array.from({ length: 6 }, () => putVacation(app, token, { active: false })));
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await assignmentOf(app, token, 1))!.data.available_at).toBe(iso(due + 2 * DAY_MS));
  });

  it('needs a credential', async () => {
    const app = t();
    expect((await app.get('/api/v1/vacation')).statusCode).toBe(401);
    expect((await putVacation(app, undefined as unknown as string, { active: true })).statusCode).toBe(401);
  });

  it('keeps another learner out of it', async () => {
    const app = t();
    const { token } = await learnerAt(app, T0_ISO, [radical(1, 1)]);
    await lessonAt(app, token, 1, T0_ISO);
    const due = (await assignmentOf(app, token, 1))!.data.available_at;
    const { createLearner } = await import('../support/factories.js');
    const bob = await createLearner(app.deps, 'bob');
    await putVacation(app, bob.token, { active: true });
    app.clock.advance(DAY_MS);
    await putVacation(app, bob.token, { active: false });
    expect((await assignmentOf(app, token, 1))!.data.available_at).toBe(due);
    expect(await assignmentIdOf(app, bob.token, 1)).not.toBe(await assignmentIdOf(app, token, 1));
  });
});
