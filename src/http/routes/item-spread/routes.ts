import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../services/deps.js';
import { getItemSpread } from '../../../services/item-spread.js';
import { report, type Urls } from '../../envelopes.js';
import { ReportSchema, errors } from '../../schemas.js';
import { ItemSpreadData, presentItemSpread } from './present.js';

const schema = {
  tags: ['screens'],
  summary: 'The stage-by-type matrix with the items in each cell',
  response: { 200: ReportSchema(ItemSpreadData, Type.Literal('report')), ...errors(401) },
};

export function itemSpreadRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/item_spread', { schema }, async (request) => {
      const spread = await getItemSpread(deps, request.userId);
      return report(urls, '/item_spread', 'report', spread.updatedAt, presentItemSpread(spread.matrix));
    });
  };
}
