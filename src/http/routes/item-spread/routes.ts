import type { Deps } from '../../../services/deps.js';
import { getItemSpread } from '../../../services/item-spread.js';
import { report, type Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentItemSpread } from './present.js';
import { itemSpreadSchema } from './schema.js';

export function itemSpreadRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/item_spread', { schema: itemSpreadSchema }, async (request) => {
      const spread = await getItemSpread(deps, request.userId);
      return report(urls, '/item_spread', 'report', spread.updatedAt, presentItemSpread(spread.matrix));
    });
  };
}
