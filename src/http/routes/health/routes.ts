import type { Deps } from '../../../services/deps.js';
import { readiness } from '../../../services/health.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentReadiness } from './present.js';
import { healthzSchema, readyzSchema } from './schema.js';

/**
 * Probes for a proxy or an orchestrator, outside the API prefix and its auth. Their requests are
 * not logged below warn: a probe every few seconds would drown the request log.
 */
export function healthRoutes(deps: Deps): RoutePlugin {
  return async (app) => {
    const config = { auth: 'public' as const };
    app.get('/healthz', { schema: healthzSchema, config, logLevel: 'warn' }, async () => ({ status: 'ok' as const }));
    app.get('/readyz', { schema: readyzSchema, config, logLevel: 'warn' }, async (_request, reply) => {
      const state = await readiness(deps);
      if (!state.ready) reply.code(503);
      return presentReadiness(state);
    });
  };
}
