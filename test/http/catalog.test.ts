import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, TEST_BASE_URL } from '../support/app.js';
import { createLearner } from '../support/factories.js';

const NOT_FOUND = { error: 'Not found', code: 404 };
const SEEDED_AT = '2026-11-21T00:00:00.000Z';

/** The interval tables of docs/decisions.md, SRS systems, in seconds; stages 0 and 9 do not schedule. */
function stages(intervals: number[]) {
  return [
    { position: 0, interval: null, interval_unit: null },
    ...intervals.map((interval, i) => ({ position: i + 1, interval, interval_unit: 'seconds' })),
    { position: 9, interval: null, interval_unit: null },
  ];
}

const SYSTEMS = [
  {
    id: 1,
    object: 'spaced_repetition_system',
    url: `${TEST_BASE_URL}/spaced_repetition_systems/1`,
    data_updated_at: SEEDED_AT,
    data: {
      created_at: SEEDED_AT,
      name: 'Default system for dictionary subjects',
      description: expect.any(String),
      unlocking_stage_position: 0,
      starting_stage_position: 1,
      passing_stage_position: 5,
      burning_stage_position: 9,
      stages: stages([14400, 28800, 82800, 169200, 601200, 1206000, 2588400, 10364400]),
    },
  },
  {
    id: 2,
    object: 'spaced_repetition_system',
    url: `${TEST_BASE_URL}/spaced_repetition_systems/2`,
    data_updated_at: SEEDED_AT,
    data: {
      created_at: SEEDED_AT,
      name: 'Default accelerated system for dictionary subjects',
      description: expect.any(String),
      unlocking_stage_position: 0,
      starting_stage_position: 1,
      passing_stage_position: 5,
      burning_stage_position: 9,
      stages: stages([7200, 14400, 28800, 82800, 601200, 1206000, 2588400, 10364400]),
    },
  },
];

const emptyCollection = (path: string) => ({
  object: 'collection',
  url: `${TEST_BASE_URL}${path}`,
  pages: { per_page: 500, next_url: null, previous_url: null },
  total_count: 0,
  data_updated_at: null,
  data: [],
});

describeEachEngine('GET /spaced_repetition_systems', (t) => {
  it('lists the two systems with their stage tables and the reference fields (see docs/decisions.md, Reference fields and SRS systems)', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    const res = await get('/api/v1/spaced_repetition_systems', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      object: 'collection',
      url: `${TEST_BASE_URL}/spaced_repetition_systems`,
      pages: { per_page: 500, next_url: null, previous_url: null },
      total_count: 2,
      data_updated_at: SEEDED_AT,
      data: SYSTEMS,
    });
    for (const system of res.json().data) expect(system.data.description.length).toBeGreaterThan(0);
  });

  it('returns one system by id, and 404 for any other id', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    const one = await get('/api/v1/spaced_repetition_systems/2', token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(SYSTEMS[1]);
    for (const id of ['3', '0', 'abc', '1.0']) {
      const missing = await get(`/api/v1/spaced_repetition_systems/${id}`, token);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    }
  });

  it('filters by ids and updated_after', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    const ids = async (query: string) =>
      (await get(`/api/v1/spaced_repetition_systems?${query}`, token)).json().data.map((s: { id: number }) => s.id);
    expect(await ids('ids=2')).toEqual([2]);
    expect(await ids('ids=1,2,3')).toEqual([1, 2]);
    expect(await ids('ids=')).toEqual([1, 2]);
    expect(await ids(`updated_after=${SEEDED_AT}`)).toEqual([]);
    expect(await ids('updated_after=2026-11-20T23:59:59.999Z')).toEqual([1, 2]);
    expect(await ids('updated_after=garbage')).toEqual([1, 2]);
    expect((await get('/api/v1/spaced_repetition_systems?ids=one', token)).statusCode).toBe(422);
  });

  it('answers 401 without a credential', async () => {
    expect((await t().get('/api/v1/spaced_repetition_systems')).statusCode).toBe(401);
    expect((await t().get('/api/v1/spaced_repetition_systems/1')).statusCode).toBe(401);
  });
});

describeEachEngine('GET /voice_actors and GET /resets', (t) => {
  it('are empty collections until data exists', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    for (const path of ['/voice_actors', '/resets']) {
      const res = await get(`/api/v1${path}`, token);
      expect(res.statusCode, path).toBe(200);
      expect(res.json()).toEqual(emptyCollection(path));
      expect(res.headers['last-modified']).toBeUndefined();
      const missing = await get(`/api/v1${path}/1`, token);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    }
  });

  it('serve imported voice actors to everyone', async () => {
    const { deps, get } = t();
    const { token } = await createLearner(deps);
    await deps.db.kysely
      .insertInto('voice_actors')
      .values({ name: 'Kyoko', gender: 'female', description: 'Tokyo accent', created_at: T0, updated_at: T0 })
      .execute();
    const res = (await get('/api/v1/voice_actors', token)).json();
    expect(res.total_count).toBe(1);
    expect(res.data[0]).toEqual({
      id: 1,
      object: 'voice_actor',
      url: `${TEST_BASE_URL}/voice_actors/1`,
      data_updated_at: new Date(T0).toISOString(),
      data: { created_at: new Date(T0).toISOString(), name: 'Kyoko', gender: 'female', description: 'Tokyo accent' },
    });
  });

  it('scope resets to their owner', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps, 'alice');
    const bob = await createLearner(deps, 'bob');
    await deps.db.kysely
      .insertInto('resets')
      .values({ user_id: bob.userId, original_level: 5, target_level: 1, confirmed_at: null, created_at: T0, updated_at: T0 })
      .execute();
    expect((await get('/api/v1/resets', alice.token)).json()).toEqual(emptyCollection('/resets'));
    expect((await get('/api/v1/resets/1', alice.token)).statusCode).toBe(404);
    const own = await get('/api/v1/resets/1', bob.token);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: 1, object: 'reset', data: { original_level: 5, target_level: 1, confirmed_at: null } });
    expect((await get('/api/v1/resets', bob.token)).json().total_count).toBe(1);
  });
});

describeEachEngine('GET /level_progressions', (t) => {
  it('lists the caller’s progressions with every field', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps);
    const res = await get('/api/v1/level_progressions', alice.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      object: 'collection',
      url: `${TEST_BASE_URL}/level_progressions`,
      total_count: 1,
      pages: { per_page: 500 },
    });
    const at = new Date(T0).toISOString();
    expect(body.data).toEqual([
      {
        id: expect.any(Number),
        object: 'level_progression',
        url: `${TEST_BASE_URL}/level_progressions/${body.data[0].id}`,
        data_updated_at: at,
        data: { created_at: at, level: 1, unlocked_at: at, started_at: null, passed_at: null, completed_at: null, abandoned_at: null },
      },
    ]);
  });

  it('isolates learners: another learner’s progression is 404, indistinguishable from a missing one', async () => {
    const { deps, get, clock } = t();
    const alice = await createLearner(deps, 'alice');
    clock.advance(HOUR_MS);
    const bob = await createLearner(deps, 'bob');
    const aliceList = (await get('/api/v1/level_progressions', alice.token)).json();
    const bobList = (await get('/api/v1/level_progressions', bob.token)).json();
    expect(aliceList.total_count).toBe(1);
    expect(bobList.total_count).toBe(1);
    const aliceId = aliceList.data[0].id as number;
    const bobId = bobList.data[0].id as number;
    expect(aliceId).not.toBe(bobId);
    expect(bobList.data[0].data.unlocked_at).toBe(new Date(T0 + HOUR_MS).toISOString());

    expect((await get(`/api/v1/level_progressions/${aliceId}`, alice.token)).statusCode).toBe(200);
    const foreign = await get(`/api/v1/level_progressions/${bobId}`, alice.token);
    const missing = await get('/api/v1/level_progressions/999999', alice.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(NOT_FOUND);
    expect(foreign.body).toBe(missing.body);
    // Filters never reach across accounts either.
    expect(
      (await get(`/api/v1/level_progressions?ids=${aliceId},${bobId}`, alice.token)).json().data.map((p: { id: number }) => p.id),
    ).toEqual([aliceId]);
    expect((await get(`/api/v1/level_progressions?ids=${bobId}`, alice.token)).json()).toMatchObject({ total_count: 0, data: [] });
  });

  it('filters by ids and updated_after', async () => {
    const { deps, get } = t();
    const alice = await createLearner(deps);
    const later = T0 + HOUR_MS;
    await deps.db.kysely
      .insertInto('level_progressions')
      .values({ user_id: alice.userId, level: 2, unlocked_at: later, created_at: later, updated_at: later })
      .execute();
    const levels = async (query: string) =>
      (await get(`/api/v1/level_progressions?${query}`, alice.token)).json().data.map((p: { data: { level: number } }) => p.data.level);
    expect(await levels('')).toEqual([1, 2]);
    expect(await levels(`updated_after=${new Date(T0).toISOString()}`)).toEqual([2]);
    const ids = (await get('/api/v1/level_progressions', alice.token)).json().data.map((p: { id: number }) => p.id);
    expect(await levels(`ids=${ids[1]}`)).toEqual([2]);
  });
});
