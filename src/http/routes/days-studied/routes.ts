import { getDaysStudied } from '../../../services/days-studied.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentDaysStudied } from './present.js';
import { daysStudiedSchema } from './schema.js';

export function daysStudiedRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/days_studied', { schema: daysStudiedSchema, config: { cacheable: true } }, async (request, reply) => {
      const studied = valueOrThrow(await getDaysStudied(deps, request.userId));
      reply.dataUpdatedAt = studied.updatedAt;
      return report(urls, '/days_studied', 'report', studied.updatedAt, presentDaysStudied(studied));
    });
  };
}
