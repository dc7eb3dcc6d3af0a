import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL, type TestApp } from '../support/app.js';
import { createLearner } from '../support/factories.js';
import { storedPreferences } from '../support/study.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every default of the Preferences table, plus the reference keys (docs/decisions.md, Reference fields). */
const DEFAULT_PREFERENCES = {
  lessons_batch_size: 5,
  max_daily_lessons: 100,
  lessons_interleave: false,
  lessons_autoplay_audio: false,
  reviews_presentation_order: 'shuffled',
  reviews_autoplay_audio: false,
  extra_study_autoplay_audio: false,
  reviews_srs_indicator: true,
  default_voice_gender: 'random',
  correct_percentage_period: 'past_7_days',
  reviews_completed_period: 'past_7_days',
  item_spread_view: 'table',
  recent_mistakes_mode: 'list',
  hidden_widgets: [],
  heat_map_view: 'month',
  default_voice_actor_id: 1,
  lessons_presentation_order: 'ascending_level_then_subject',
  reviews_display_srs_indicator: true,
};

async function preferencesAfter(app: TestApp, token: string, preferences: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await app.put('/api/v1/user', token, { preferences });
  expect(res.statusCode, res.body).toBe(200);
  const read = (await app.get('/api/v1/user', token)).json().data.preferences;
  expect(res.json().data.preferences).toEqual(read);
  return read;
}

describeEachEngine('GET /user', (t) => {
  it('returns the account report with every field of the contract', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps);
    const res = await get('/api/v1/user', alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['object', 'url', 'data_updated_at', 'data']);
    expect(body).toMatchObject({ object: 'user', url: `${TEST_BASE_URL}/user`, data_updated_at: new Date(T0).toISOString() });
    expect(body.data).toEqual({
      id: alice.uuid,
      username: 'alice',
      level: 1,
      profile_url: 'http://study.test/users/alice',
      started_at: new Date(T0).toISOString(),
      current_vacation_started_at: null,
      timezone: null,
      subscription: { type: expect.any(String), active: true, period_ends_at: null, max_level_granted: 60 },
      preferences: DEFAULT_PREFERENCES,
    });
    expect(body.data.id).toMatch(UUID);
  });

  it('reads the level from the highest level progression, falling back to the stored level without any', async () => {
    const app = t();
    const { deps, get, clock } = app;
    const alice = await createLearner(deps);
    clock.advance(HOUR_MS);
    const at = clock.now();
    await deps.db.kysely
      .insertInto('level_progressions')
      .values([3, 2].map((level) => ({ user_id: alice.userId, level, unlocked_at: at, created_at: at, updated_at: at })))
      .execute();
    const res = (await get('/api/v1/user', alice.token)).json();
    expect(res.data.level).toBe(3);
    // A level change is a change of the body.
    expect(res.data_updated_at).toBe(new Date(at).toISOString());

    await deps.db.kysely.deleteFrom('level_progressions').where('user_id', '=', alice.userId).execute();
    await deps.db.kysely.updateTable('users').set({ level: 7 }).where('id', '=', alice.userId).execute();
    expect((await get('/api/v1/user', alice.token)).json().data.level).toBe(7);
  });

  it('shows each learner only their own account', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps, 'alice');
    const bob = await createLearner(deps, 'bob');
    expect((await get('/api/v1/user', alice.token)).json().data).toMatchObject({ id: alice.uuid, username: 'alice' });
    expect((await get('/api/v1/user', bob.token)).json().data).toMatchObject({ id: bob.uuid, username: 'bob' });
  });
});

describeEachEngine('PUT /user', (t) => {
  it('accepts a bare body and answers with the same body as GET /user', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    app.clock.advance(HOUR_MS);
    const res = await app.put('/api/v1/user', alice.token, { timezone: 'Asia/Manila', preferences: { lessons_batch_size: 8 } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['compat-revision']).toBe('20170710');
    const get = await app.get('/api/v1/user', alice.token);
    expect(res.json()).toEqual(get.json());
    expect(res.json()).toMatchObject({
      object: 'user',
      data_updated_at: new Date(T0 + HOUR_MS).toISOString(),
      data: { timezone: 'Asia/Manila', preferences: { lessons_batch_size: 8 } },
    });
  });

  it('accepts the {user: {...}} wrapper', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const res = await app.put('/api/v1/user', alice.token, { user: { timezone: 'Europe/Paris', preferences: { heat_map_view: 'year' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ timezone: 'Europe/Paris', preferences: { heat_map_view: 'year' } });
  });

  it('merges preferences key by key: keys not sent are left alone', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    await preferencesAfter(app, alice.token, { lessons_batch_size: 7, hidden_widgets: ['forecast'] });
    const merged = await preferencesAfter(app, alice.token, { max_daily_lessons: 20 });
    expect(merged).toEqual({ ...DEFAULT_PREFERENCES, lessons_batch_size: 7, hidden_widgets: ['forecast'], max_daily_lessons: 20 });
    // A timezone-only write leaves the preferences, and a preferences-only write the timezone.
    await app.put('/api/v1/user', alice.token, { timezone: 'Asia/Tokyo' });
    const after = await preferencesAfter(app, alice.token, { item_spread_view: 'graph' });
    expect(after).toMatchObject({ lessons_batch_size: 7, max_daily_lessons: 20, item_spread_view: 'graph' });
    expect((await app.get('/api/v1/user', alice.token)).json().data.timezone).toBe('Asia/Tokyo');
    // An empty body changes nothing.
    const empty = await app.put('/api/v1/user', alice.token, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({ timezone: 'Asia/Tokyo', preferences: after });
  });

  it('accepts every valid value of every preference', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const chosen = {
      lessons_batch_size: 10,
      max_daily_lessons: 0,
      lessons_interleave: true,
      lessons_autoplay_audio: true,
      reviews_presentation_order: 'lower_levels_first',
      reviews_autoplay_audio: true,
      extra_study_autoplay_audio: true,
      reviews_srs_indicator: false,
      default_voice_gender: 'feminine_only',
      correct_percentage_period: 'this_year',
      reviews_completed_period: 'all_time',
      item_spread_view: 'graph',
      recent_mistakes_mode: 'flashcard',
      hidden_widgets: ['study_streak', 'forecast'],
      heat_map_view: 'year',
    };
    expect(await preferencesAfter(app, alice.token, chosen)).toEqual({
      ...DEFAULT_PREFERENCES,
      ...chosen,
      reviews_display_srs_indicator: false,
    });
  });

  it('reads a stored lessons_batch_size of 1 or 2 as 3', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    expect((await preferencesAfter(app, alice.token, { lessons_batch_size: 1 })).lessons_batch_size).toBe(3);
    expect((await preferencesAfter(app, alice.token, { lessons_batch_size: 2 })).lessons_batch_size).toBe(3);
    expect((await preferencesAfter(app, alice.token, { lessons_batch_size: 3 })).lessons_batch_size).toBe(3);
    expect(await storedPreferences(app, alice.userId)).toMatchObject({ lessons_batch_size: 3 });
    await preferencesAfter(app, alice.token, { lessons_batch_size: 2 });
    expect(await storedPreferences(app, alice.userId)).toMatchObject({ lessons_batch_size: 2 });
  });

  it('migrates the old default_voice_gender values on read', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    for (const [old, now] of [
      ['male', 'prefer_masculine'],
      ['female', 'prefer_feminine'],
      ['any', 'random'],
    ]) {
      expect((await preferencesAfter(app, alice.token, { default_voice_gender: old })).default_voice_gender, old).toBe(now);
    }
  });

  it('accepts invalid values on write, keeps them stored, and reads the default in their place', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const invalid = {
      lessons_batch_size: 11,
      max_daily_lessons: 101,
      lessons_interleave: 'yes',
      reviews_presentation_order: 'random',
      reviews_srs_indicator: 1,
      default_voice_gender: 'robot',
      correct_percentage_period: 'all_time',
      reviews_completed_period: 'forever',
      item_spread_view: null,
      recent_mistakes_mode: ['list'],
      hidden_widgets: 'forecast',
      heat_map_view: 'week',
    };
    const read = await preferencesAfter(app, alice.token, invalid);
    expect(read).toEqual(DEFAULT_PREFERENCES);
    expect(await storedPreferences(app, alice.userId)).toMatchObject(invalid);
    // Invalid entries of a list are dropped one by one; duplicates collapse.
    expect(
      (await preferencesAfter(app, alice.token, { hidden_widgets: ['forecast', 'bogus', 'forecast', 7, 'heat_map'] })).hidden_widgets,
    ).toEqual(['forecast']);
    for (const size of [0, -1, 2.5, '7']) {
      expect((await preferencesAfter(app, alice.token, { lessons_batch_size: size })).lessons_batch_size, String(size)).toBe(5);
    }
  });

  it('stores unknown keys and returns them untouched', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const unknown = { theme: 'dark', wkof_settings: { nested: [1, { a: null }] }, flag: false };
    const read = await preferencesAfter(app, alice.token, unknown);
    expect(read).toEqual({ ...DEFAULT_PREFERENCES, ...unknown });
    const later = await preferencesAfter(app, alice.token, { lessons_batch_size: 4 });
    expect(later).toMatchObject(unknown);
  });

  it('keeps reviews_display_srs_indicator equal to reviews_srs_indicator; either may be written (see docs/decisions.md, Reference fields)', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const viaAlias = await preferencesAfter(app, alice.token, { reviews_display_srs_indicator: false });
    expect(viaAlias).toMatchObject({ reviews_srs_indicator: false, reviews_display_srs_indicator: false });
    const viaOurs = await preferencesAfter(app, alice.token, { reviews_srs_indicator: true });
    expect(viaOurs).toMatchObject({ reviews_srs_indicator: true, reviews_display_srs_indicator: true });
    // Both sent: ours wins.
    const both = await preferencesAfter(app, alice.token, { reviews_srs_indicator: false, reviews_display_srs_indicator: true });
    expect(both).toMatchObject({ reviews_srs_indicator: false, reviews_display_srs_indicator: false });
    // The fixed reference keys cannot be written.
    const fixed = await preferencesAfter(app, alice.token, { default_voice_actor_id: 9, lessons_presentation_order: 'shuffled' });
    expect(fixed).toMatchObject({ default_voice_actor_id: 1, lessons_presentation_order: 'ascending_level_then_subject' });
  });

  it('accepts an IANA zone name (letter case corrected, current names kept as sent) and null', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const zoneAfter = async (timezone: string | null) => {
      const res = await app.put('/api/v1/user', alice.token, { timezone });
      expect(res.statusCode, String(timezone)).toBe(200);
      return res.json().data.timezone;
    };
    expect(await zoneAfter('Asia/Manila')).toBe('Asia/Manila');
    expect(await zoneAfter('asia/manila')).toBe('Asia/Manila');
    expect(await zoneAfter('UTC')).toBe('UTC');
    expect(await zoneAfter('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    // ICU knows these by legacy aliases (Asia/Calcutta, Europe/Kiev); the learner's name is kept.
    expect(await zoneAfter('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(await zoneAfter('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(await zoneAfter(null)).toBeNull();
    expect((await app.get('/api/v1/user', alice.token)).json().data.timezone).toBeNull();
  });

  it('rejects a timezone that is not an IANA zone name with 422, and changes nothing', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    await app.put('/api/v1/user', alice.token, { timezone: 'Asia/Manila', preferences: { lessons_batch_size: 6 } });
    const before = (await app.get('/api/v1/user', alice.token)).body;
    app.clock.advance(HOUR_MS);
    for (const timezone of ['GMT+8', 'Manila', 'Asia/Nowhere', '+08:00', '', 'Etc/../Asia/Manila']) {
      const res = await app.put('/api/v1/user', alice.token, { timezone, preferences: { lessons_batch_size: 9, theme: 'dark' } });
      expect(res.statusCode, timezone).toBe(422);
      expect(res.json()).toEqual({ error: `timezone "${timezone}" is not an IANA zone name (for example Asia/Manila).`, code: 422 });
    }
    const wrapped = await app.put('/api/v1/user', alice.token, { user: { timezone: 'GMT+8' } });
    expect(wrapped.statusCode).toBe(422);
    expect((await app.get('/api/v1/user', alice.token)).body).toBe(before);
  });

  it('changes only the caller’s account', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    await app.put('/api/v1/user', alice.token, { timezone: 'Asia/Manila', preferences: { lessons_batch_size: 9 } });
    expect((await app.get('/api/v1/user', bob.token)).json().data).toMatchObject({ timezone: null, preferences: DEFAULT_PREFERENCES });
  });

  it('answers 401 without a credential and writes nothing', async () => {
    const app = t();
    const alice = await createLearner(app.deps);
    const res = await app.put('/api/v1/user', undefined, { timezone: 'Asia/Manila' });
    expect(res.statusCode).toBe(401);
    expect((await app.get('/api/v1/user', alice.token)).json().data.timezone).toBeNull();
  });
});

describeEachEngine('PUT /user without a change', (t) => {
  it('keeps data_updated_at (and the ETag) when nothing changes', async () => {
    const app = t();
    const { token } = await createLearner(app.deps);
    await app.put('/api/v1/user', token, { timezone: 'Asia/Manila', preferences: { lessons_batch_size: 7 } });
    const before = await app.get('/api/v1/user', token);
    app.clock.advance(60_000);
    for (const body of [{}, { timezone: 'Asia/Manila' }, { preferences: { lessons_batch_size: 7 } }]) {
      const res = await app.put('/api/v1/user', token, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data_updated_at).toBe(before.json().data_updated_at);
    }
    expect((await app.get('/api/v1/user', token, { 'if-none-match': before.headers.etag as string })).statusCode).toBe(304);
    const changed = await app.put('/api/v1/user', token, { preferences: { lessons_batch_size: 8 } });
    expect(changed.json().data_updated_at).toBe(new Date(app.clock.now()).toISOString());
  });
});
