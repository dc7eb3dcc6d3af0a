import { advance, getUnlockable } from '../../../services/advance.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentAdvance, presentUnlockable } from './present.js';
import { advanceSchema, unlockableSchema } from './schema.js';

/** GET /unlockable and POST /advance. /advance has no GET handler: prefetchers must not be able to advance. */
export function progressionRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/unlockable', { schema: unlockableSchema }, async (request) => {
      const view = valueOrThrow(await getUnlockable(deps, request.userId));
      return report(urls, '/unlockable', 'report', deps.clock.now(), presentUnlockable(view));
    });

    app.post('/advance', { schema: advanceSchema, config: { idempotent: true } }, async (request) => {
      const result = valueOrThrow(await advance(deps, request.userId, request.body.subject_ids, request.idempotency));
      return report(urls, '/advance', 'report', result.at, presentAdvance(result));
    });
  };
}
