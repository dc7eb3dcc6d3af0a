import { runNudgeTick } from '../../../jobs/nudge-tick.js';
import { mailTransportFrom } from '../../../jobs/transports/mail.js';
import type { Deps } from '../../../services/deps.js';
import type { Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { isDryRun } from '../../tick-reports.js';
import { presentNudgeRun } from './present.js';
import { nudgeTickSchema } from './schema.js';

/** GET /internal/nudges: the daily nudge run, for a scheduler presenting INTERNAL_SECRET. */
export function internalNudgeRoutes(deps: Deps, urls: Urls): RoutePlugin {
  const mail = mailTransportFrom(deps.config);
  return async (app) => {
    app.addHook('onClose', async () => mail?.close());
    app.get('/internal/nudges', { schema: nudgeTickSchema, config: { auth: 'internal' } }, async (request) => {
      const run = await runNudgeTick(deps, mail, { dryRun: isDryRun(request.query), log: request.log });
      return presentNudgeRun(urls.request(request), run);
    });
  };
}
