import { getLevelProgression, listLevelProgressions } from '../../../services/catalog.js';
import type { Deps } from '../../../services/deps.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { idFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { ID_QUERY } from '../../schemas.js';
import { levelProgressionData } from './present.js';
import { LevelProgressionData } from './schema.js';

/** When each of the learner's levels opened, started, passed and completed. */
export function levelProgressionRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    registerCollection(app, urls, {
      path: '/level_progressions',
      object: 'level_progression',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: ID_QUERY,
      data: LevelProgressionData,
      readFilters: idFilters,
      list: (userId, filters, cursor) => listLevelProgressions(deps, userId, filters, PER_PAGE_DEFAULT, cursor),
      get: (userId, id) => getLevelProgression(deps, userId, id),
      present: levelProgressionData,
    });
  };
}
