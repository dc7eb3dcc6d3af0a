import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../services/deps.js';
import {
  getLevelProgression,
  getReset,
  getSrsSystem,
  getVoiceActor,
  listLevelProgressions,
  listResets,
  listSrsSystems,
  listVoiceActors,
} from '../../../services/catalog.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { intList, updatedAfter, type RawQuery } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { NullableTimestamp, Timestamp, UPDATED_AFTER_QUERY } from '../../schemas.js';

const ID_QUERY = { ids: 'Comma-separated ids', ...UPDATED_AFTER_QUERY };
const idFilters = (query: RawQuery) => ({ ids: intList(query, 'ids'), updatedAfter: updatedAfter(query) });

const Stage = Type.Object({
  position: Type.Integer(),
  interval: Type.Union([Type.Integer(), Type.Null()]),
  interval_unit: Type.Union([Type.String(), Type.Null()]),
});

/** The small collections filtered by ids and updated_after only. */
export function catalogRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    registerCollection(app, urls, {
      path: '/spaced_repetition_systems',
      object: 'spaced_repetition_system',
      perPage: PER_PAGE_DEFAULT,
      tag: 'content',
      query: ID_QUERY,
      data: Type.Object({
        created_at: Timestamp,
        name: Type.String(),
        description: Type.String(),
        unlocking_stage_position: Type.Integer(),
        starting_stage_position: Type.Integer(),
        passing_stage_position: Type.Integer(),
        burning_stage_position: Type.Integer(),
        stages: Type.Array(Stage),
      }),
      readFilters: idFilters,
      list: (_request, f, cursor) => listSrsSystems(deps, f, PER_PAGE_DEFAULT, cursor),
      get: (_request, id) => getSrsSystem(deps, id),
      present: (s) => ({
        created_at: toIso(s.createdAt),
        name: s.name,
        description: s.description,
        unlocking_stage_position: s.unlockingStage,
        starting_stage_position: s.startingStage,
        passing_stage_position: s.passingStage,
        burning_stage_position: s.burningStage,
        stages: s.stages,
      }),
    });

    registerCollection(app, urls, {
      path: '/voice_actors',
      object: 'voice_actor',
      perPage: PER_PAGE_DEFAULT,
      tag: 'content',
      query: ID_QUERY,
      data: Type.Object({ created_at: Timestamp, name: Type.String(), gender: Type.String(), description: Type.String() }),
      readFilters: idFilters,
      list: (_request, f, cursor) => listVoiceActors(deps, f, PER_PAGE_DEFAULT, cursor),
      get: (_request, id) => getVoiceActor(deps, id),
      present: (v) => ({ created_at: toIso(v.createdAt), name: v.name, gender: v.gender, description: v.description }),
    });

    registerCollection(app, urls, {
      path: '/resets',
      object: 'reset',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: ID_QUERY,
      data: Type.Object({
        created_at: Timestamp,
        original_level: Type.Integer(),
        target_level: Type.Integer(),
        confirmed_at: NullableTimestamp,
      }),
      readFilters: idFilters,
      list: (request, f, cursor) => listResets(deps, request.userId, f, PER_PAGE_DEFAULT, cursor),
      get: (request, id) => getReset(deps, request.userId, id),
      present: (r) => ({
        created_at: toIso(r.createdAt),
        original_level: r.originalLevel,
        target_level: r.targetLevel,
        confirmed_at: toIsoOrNull(r.confirmedAt),
      }),
    });

    registerCollection(app, urls, {
      path: '/level_progressions',
      object: 'level_progression',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: ID_QUERY,
      data: Type.Object({
        created_at: Timestamp,
        level: Type.Integer(),
        unlocked_at: NullableTimestamp,
        started_at: NullableTimestamp,
        passed_at: NullableTimestamp,
        completed_at: NullableTimestamp,
        abandoned_at: NullableTimestamp,
      }),
      readFilters: idFilters,
      list: (request, f, cursor) => listLevelProgressions(deps, request.userId, f, PER_PAGE_DEFAULT, cursor),
      get: (request, id) => getLevelProgression(deps, request.userId, id),
      present: (p) => ({
        created_at: toIso(p.createdAt),
        level: p.level,
        unlocked_at: toIsoOrNull(p.unlockedAt),
        started_at: toIsoOrNull(p.startedAt),
        passed_at: toIsoOrNull(p.passedAt),
        completed_at: toIsoOrNull(p.completedAt),
        abandoned_at: toIsoOrNull(p.abandonedAt),
      }),
    });
  };
}
