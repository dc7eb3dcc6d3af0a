import { searchLimit } from '../../../domain/search.js';
import type { Deps } from '../../../services/deps.js';
import { searchSubjects } from '../../../services/search.js';
import type { Urls } from '../../envelopes.js';
import { unprocessableError } from '../../errors.js';
import { integer } from '../../filters.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentSearch } from './present.js';
import { searchSchema } from './schema.js';

export function searchRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/search', { schema: searchSchema }, async (request) => {
      const { q } = request.query;
      if (typeof q !== 'string') throw unprocessableError('q is required.');
      const result = await searchSubjects(deps, q, searchLimit(integer(request.query, 'limit')));
      return presentSearch(urls, request, result);
    });
  };
}
