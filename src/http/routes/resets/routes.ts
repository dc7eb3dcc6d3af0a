import { getReset, listResets } from '../../../services/catalog.js';
import type { Deps } from '../../../services/deps.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { idFilters } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import type { RoutePlugin } from '../../plugin.js';
import { ID_QUERY } from '../../schemas.js';
import { resetData } from './present.js';
import { ResetData } from './schema.js';

/** The learner's resets: present for parity, nothing in the API creates one. */
export function resetRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    registerCollection(app, urls, {
      path: '/resets',
      object: 'reset',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: ID_QUERY,
      data: ResetData,
      readFilters: idFilters,
      list: (userId, filters, cursor) => listResets(deps, userId, filters, PER_PAGE_DEFAULT, cursor),
      get: (userId, id) => getReset(deps, userId, id),
      present: resetData,
    });
  };
}
