import { getSrsSystem, listSrsSystems } from '../../../services/catalog.js';
import type { Deps } from '../../../services/deps.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { idFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { ID_QUERY } from '../../schemas.js';
import { srsSystemData } from './present.js';
import { SrsSystemData } from './schema.js';

/** The interval tables, shared by every learner. */
export function srsSystemRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    registerCollection(app, urls, {
      path: '/spaced_repetition_systems',
      object: 'spaced_repetition_system',
      perPage: PER_PAGE_DEFAULT,
      tag: 'content',
      query: ID_QUERY,
      data: SrsSystemData,
      readFilters: idFilters,
      list: (_userId, filters, cursor) => listSrsSystems(deps, filters, PER_PAGE_DEFAULT, cursor),
      get: (_userId, id) => getSrsSystem(deps, id),
      present: srsSystemData,
    });
  };
}
