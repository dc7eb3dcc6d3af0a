import { pageResets, pageSrsSystems, pageVoiceActors } from '../db/repositories/catalog.js';
import { findLevelProgression, pageLevelProgressions } from '../db/repositories/level-progressions.js';
import type { Cursor, Page } from '../shared/paging.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { LevelProgressionRecord, ResetRecord, SrsSystemRecord, VoiceActorRecord } from '../domain/model/catalog.js';
import type { IdFilters } from '../domain/model/filters.js';

/** Read-only collections filtered by ids and updated_after. */
function single<T>(page: Page<T>): Result<T> {
  const row = page.rows[0];
  return row === undefined ? notFound() : ok(row);
}

export const listSrsSystems = (deps: Deps, f: IdFilters, perPage: number, cursor: Cursor) => pageSrsSystems(deps.db, f, perPage, cursor);
export const getSrsSystem = async (deps: Deps, id: number): Promise<Result<SrsSystemRecord>> =>
  single(await pageSrsSystems(deps.db, { ids: [id] }, 1, {}));

export const listVoiceActors = (deps: Deps, f: IdFilters, perPage: number, cursor: Cursor) => pageVoiceActors(deps.db, f, perPage, cursor);
export const getVoiceActor = async (deps: Deps, id: number): Promise<Result<VoiceActorRecord>> =>
  single(await pageVoiceActors(deps.db, { ids: [id] }, 1, {}));

export const listResets = (deps: Deps, userId: number, f: IdFilters, perPage: number, cursor: Cursor) =>
  pageResets(deps.db, userId, f, perPage, cursor);
export const getReset = async (deps: Deps, userId: number, id: number): Promise<Result<ResetRecord>> =>
  single(await pageResets(deps.db, userId, { ids: [id] }, 1, {}));

export const listLevelProgressions = (deps: Deps, userId: number, f: IdFilters, perPage: number, cursor: Cursor) =>
  pageLevelProgressions(deps.db, userId, f, perPage, cursor);
export const getLevelProgression = async (deps: Deps, userId: number, id: number): Promise<Result<LevelProgressionRecord>> => {
  const found = await findLevelProgression(deps.db.kysely, userId, id);
  return found ? ok(found) : notFound();
};
