import type { Deps } from '../../../services/deps.js';
import { getSummary } from '../../../services/summary.js';
import { report, type Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentSummary } from './present.js';
import { summarySchema } from './schema.js';

export function summaryRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/summary', { schema: summarySchema, config: { cacheable: true } }, async (request, reply) => {
      const summary = valueOrThrow(await getSummary(deps, request.userId));
      reply.dataUpdatedAt = summary.updatedAt;
      return report(urls, '/summary', 'report', summary.updatedAt, presentSummary(summary));
    });
  };
}
