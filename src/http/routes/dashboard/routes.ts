import { getDashboard, getDashboardWithCredential } from '../../../services/dashboard.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { acceptCredentialOwner, refusedCredential } from '../../plugins/auth.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentDashboard } from './present.js';
import { dashboardSchema } from './schema.js';

export function dashboardRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    // On PostgreSQL the dashboard's first statement checks the credential and reads the user: one
    // round trip fewer (plugins/auth.ts, checksCredential; services/dashboard.ts, getDashboardWithCredential).
    const checksCredential = deps.db.engine === 'postgres';
    // The body is computed for now, so its ETag never matches a stored one.
    app.get('/dashboard', { schema: dashboardSchema, config: { cacheable: 'never-match', checksCredential } }, async (request, reply) => {
      const { credential } = request;
      let dashboard;
      if (credential !== null) {
        dashboard = await getDashboardWithCredential(deps, credential, (owner) => acceptCredentialOwner(request, owner));
        if (dashboard === undefined) throw refusedCredential(request);
      } else dashboard = valueOrThrow(await getDashboard(deps, request.userId, request.contentVersion));
      reply.dataUpdatedAt = dashboard.now;
      return report(urls, '/dashboard', 'report', dashboard.now, presentDashboard(dashboard));
    });
  };
}
