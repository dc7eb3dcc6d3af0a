import Type from 'typebox';
import { NullableString, Query, errors } from '../../schemas.js';

export const SearchHitData = Type.Object({
  id: Type.Integer(),
  object: Type.String(),
  level: Type.Integer(),
  characters: NullableString,
  slug: Type.String(),
  meanings: Type.Array(Type.String()),
  reading: Type.String(),
});

export const SearchReport = Type.Object({
  object: Type.Literal('report'),
  url: Type.String(),
  data_updated_at: Type.Null(),
  total_count: Type.Integer(),
  data: Type.Array(SearchHitData),
});

export const searchSchema = {
  tags: ['content'],
  summary: 'Search subjects by characters, meaning, reading (romaji converted to kana) or slug',
  querystring: Query({ q: 'Query, trimmed, at most 64 characters', limit: 'Results, default 12, at most 30' }),
  response: { 200: SearchReport, ...errors(401, 422) },
};
