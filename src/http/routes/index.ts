import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../services/deps.js';
import type { Urls } from '../envelopes.js';
import { aboutRoutes } from './about/routes.js';
import { assignmentRoutes } from './assignments/routes.js';
import { catalogRoutes } from './catalog/routes.js';
import { internalSessionRoutes } from './internal/sessions.js';
import { reviewStatisticRoutes } from './review-statistics/routes.js';
import { reviewRoutes } from './reviews/routes.js';
import { searchRoutes } from './search/routes.js';
import { studyMaterialRoutes } from './study-materials/routes.js';
import { summaryRoutes } from './summary/routes.js';
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
    await app.register(assignmentRoutes(deps, urls));
    await app.register(reviewRoutes(deps, urls));
    await app.register(reviewStatisticRoutes(deps, urls));
    await app.register(studyMaterialRoutes(deps, urls));
    await app.register(summaryRoutes(deps, urls));
    await app.register(internalSessionRoutes(deps));
  };
}
