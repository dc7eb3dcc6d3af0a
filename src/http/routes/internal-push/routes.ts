import { runPushTick } from '../../../jobs/push-tick.js';
import { pushTransportFrom } from '../../../jobs/transports/push.js';
import type { Deps } from '../../../services/deps.js';
import type { Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { isDryRun } from '../../tick-reports.js';
import { presentPushRun } from './present.js';
import { pushTickSchema } from './schema.js';

/** GET /internal/push: the hourly push run, for a scheduler presenting INTERNAL_SECRET. */
export function internalPushRoutes(deps: Deps, urls: Urls): RoutePlugin {
  const transport = pushTransportFrom(deps.config);
  return async (app) => {
    app.get('/internal/push', { schema: pushTickSchema, config: { auth: 'internal' } }, async (request) => {
      const run = await runPushTick(deps, transport, { dryRun: isDryRun(request.query), log: request.log });
      return presentPushRun(urls.request(request), run);
    });
  };
}
