import type { Deps } from '../../../services/deps.js';
import { getItemSpread } from '../../../services/item-spread.js';
import { report, type Urls } from '../../envelopes.js';
import type { RoutePlugin } from '../../plugin.js';
import { PreparedPage, type PageMemo } from '../../prepared-pages.js';
import { presentFrame, spreadBody } from './present.js';
import { itemSpreadSchema } from './schema.js';

export function itemSpreadRoutes(deps: Deps, urls: Urls, pages: PageMemo): RoutePlugin {
  return async (app) => {
    // Answered as bytes assembled from items serialised once per subject (present.ts, spreadBody);
    // the schema still documents the shape.
    app.get<{ Reply: Buffer }>('/item_spread', { schema: itemSpreadSchema }, async (request, reply) => {
      const { learner } = request;
      if (learner === null) throw new Error('GET /item_spread: no learner (the route is for learners)');
      const build = async () => {
        const spread = await getItemSpread(deps, learner, request.contentVersion);
        const body = spreadBody(report(urls, '/item_spread', 'report', spread.updatedAt, presentFrame(spread.matrix)), spread.matrix);
        return new PreparedPage(body, spread.updatedAt);
      };
      // The matrix is a function of the learner's rows and the content alone (no clock): kept with
      // the learner's collection pages under the data version read with the credential, so an
      // unchanged learner's matrix is built once (docs/decisions.md, "Learner page memo").
      const page = await pages.get(`${request.learnerDataVersion} ${request.url}`, build);
      reply.type('application/json; charset=utf-8');
      return page.plain;
    });
  };
}
