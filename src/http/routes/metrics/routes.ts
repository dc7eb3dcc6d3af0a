import type { Metrics } from '../../../metrics/index.js';
import type { Deps } from '../../../services/deps.js';
import { secretsEqual } from '../../../shared/tokens.js';
import { unauthorized } from '../../errors.js';
import { bearerOf } from '../../plugins/auth.js';
import type { RoutePlugin } from '../../plugin.js';
import { metricsSchema } from './schema.js';

/**
 * GET /metrics for a Prometheus scraper, outside the API prefix: open unless METRICS_TOKEN is set,
 * then `Authorization: Bearer <METRICS_TOKEN>`. Learners' credentials never open it.
 */
export function metricsRoutes(deps: Deps, metrics: Metrics): RoutePlugin {
  return async (app) => {
    app.get('/metrics', { schema: metricsSchema, config: { auth: 'public', web: true }, logLevel: 'warn' }, async (request, reply) => {
      const token = deps.config.metricsToken;
      if (token !== null) {
        const bearer = bearerOf(request);
        if (typeof bearer !== 'string' || !secretsEqual(bearer, token)) throw unauthorized();
      }
      reply.header('Cache-Control', 'no-store').type(metrics.contentType());
      return metrics.text();
    });
  };
}
