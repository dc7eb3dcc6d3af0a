import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { searchLimit } from '../../../domain/search.js';
import type { Deps } from '../../../services/deps.js';
import { searchSubjects } from '../../../services/search.js';
import type { Urls } from '../../envelopes.js';
import { unprocessableError } from '../../errors.js';
import { integer, type RawQuery } from '../../filters.js';
import { NullableString, Query, errors } from '../../schemas.js';

const SearchReport = Type.Object({
  object: Type.Literal('report'),
  url: Type.String(),
  data_updated_at: Type.Null(),
  total_count: Type.Integer(),
  data: Type.Array(
    Type.Object({
      id: Type.Integer(),
      object: Type.String(),
      level: Type.Integer(),
      characters: NullableString,
      slug: Type.String(),
      meanings: Type.Array(Type.String()),
      reading: Type.String(),
    }),
  ),
});

const searchSchema = {
  tags: ['content'],
  summary: 'Search subjects by characters, meaning, reading (romaji converted to kana) or slug',
  querystring: Query({ q: 'Query, trimmed, at most 64 characters', limit: 'Results, default 12, at most 30' }),
  response: { 200: SearchReport, ...errors(401, 422) },
};

export function searchRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/search', { schema: searchSchema }, async (request) => {
      const query = request.query as RawQuery;
      const q = query.q;
      if (typeof q !== 'string') throw unprocessableError('q is required.');
      const { totalCount, hits } = await searchSubjects(deps, q, searchLimit(integer(query, 'limit')));
      return { object: 'report', url: urls.request(request), data_updated_at: null, total_count: totalCount, data: hits };
    });
  };
}
