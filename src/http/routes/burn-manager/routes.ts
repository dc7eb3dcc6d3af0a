import { manageBurns } from '../../../services/burn-manager.js';
import type { Deps } from '../../../services/deps.js';
import type { Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentBurnReport } from './present.js';
import { burnSchema } from './schema.js';

export function burnManagerRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.post('/burn_manager', { schema: burnSchema, config: { idempotent: true } }, async (request) => {
      const result = await manageBurns(deps, request.userId, request.body.action, request.body.subject_ids, request.idempotency);
      return presentBurnReport(urls, result);
    });
  };
}
