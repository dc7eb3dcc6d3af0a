import { getDashboard, getDashboardWithCredential } from '../../../services/dashboard.js';
import type { Deps } from '../../../services/deps.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { acceptCredentialOwner, refusedCredential } from '../../plugins/auth.js';
import type { RoutePlugin } from '../../plugin.js';
import { etagOf } from '../../prepared-pages.js';
import { dashboardSchema } from './schema.js';
import { dashboardJson } from './write.js';

export function dashboardRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    // On PostgreSQL the dashboard's first statement checks the credential and reads the user: one
    // round trip fewer (plugins/auth.ts, checksCredential; services/dashboard.ts, getDashboardWithCredential).
    const checksCredential = deps.db.engine === 'postgres';
    // The body is computed for now, so its ETag never matches a stored one.
    app.get<{ Reply: Buffer }>(
      '/dashboard',
      { schema: dashboardSchema, config: { cacheable: 'never-match', checksCredential } },
      async (request, reply) => {
        const { credential } = request;
        let dashboard;
        if (credential !== null) {
          dashboard = await getDashboardWithCredential(deps, credential, (owner) => acceptCredentialOwner(request, owner));
          if (dashboard === undefined) throw refusedCredential(request);
        } else dashboard = valueOrThrow(await getDashboard(deps, request.userId, request.contentVersion));
        reply.dataUpdatedAt = dashboard.now;
        // Written as bytes in the schema's order (write.ts); the schema documents the body.
        const body = dashboardJson(urls, dashboard);
        reply.preparedEtag = etagOf(body);
        reply.type('application/json; charset=utf-8');
        return body;
      },
    );
  };
}
