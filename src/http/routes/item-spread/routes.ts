import type { Deps } from '../../../services/deps.js';
import { getItemSpread } from '../../../services/item-spread.js';
import { report, type Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentFrame, spreadBody } from './present.js';
import { itemSpreadSchema } from './schema.js';

export function itemSpreadRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    // Answered as bytes assembled from items serialised once per subject (present.ts, spreadBody);
    // the schema still documents the shape.
    app.get<{ Reply: Buffer }>('/item_spread', { schema: itemSpreadSchema }, async (request, reply) => {
      const spread = await getItemSpread(deps, request.userId);
      reply.type('application/json; charset=utf-8');
      return spreadBody(report(urls, '/item_spread', 'report', spread.updatedAt, presentFrame(spread.matrix)), spread.matrix);
    });
  };
}
