import { getDashboard } from '../../../services/dashboard.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentDashboard } from './present.js';
import { dashboardSchema } from './schema.js';

export function dashboardRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    // The body is computed for now, so its ETag never matches a stored one.
    app.get('/dashboard', { schema: dashboardSchema, config: { cacheable: 'never-match' } }, async (request, reply) => {
      const dashboard = valueOrThrow(await getDashboard(deps, request.userId, request.contentVersion));
      reply.dataUpdatedAt = dashboard.now;
      return report(urls, '/dashboard', 'report', dashboard.now, presentDashboard(dashboard));
    });
  };
}
