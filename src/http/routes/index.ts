import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../services/deps.js';
import type { Urls } from '../envelopes.js';
import { aboutRoutes } from './about/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { internalSessionRoutes } from './internal/sessions.js';
import { searchRoutes } from './search/routes.js';
import { subjectRoutes } from './subjects/routes.js';
import { userRoutes } from './user/routes.js';

/** Every route of /api/v1, one plugin per resource. */
export function apiRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    await app.register(aboutRoutes(urls));
    await app.register(subjectRoutes(deps, urls));
    await app.register(catalogRoutes(deps, urls));
    await app.register(userRoutes(deps, urls));
    await app.register(searchRoutes(deps, urls));
    await app.register(internalSessionRoutes(deps));
  };
}
