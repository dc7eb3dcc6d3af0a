import type { Static } from 'typebox';
import type { SearchHit } from '../../../services/search.js';
import type { Urls, RequestAddress } from '../../envelopes.js';
import type { SearchHitData, SearchReport } from './schema.js';

const hit = (h: SearchHit): Static<typeof SearchHitData> => ({
  id: h.id,
  object: h.object,
  level: h.level,
  characters: h.characters,
  slug: h.slug,
  meanings: h.meanings,
  reading: h.reading,
});

export function presentSearch(
  urls: Urls,
  request: RequestAddress,
  result: { totalCount: number; hits: SearchHit[] },
): Static<typeof SearchReport> {
  return {
    object: 'report',
    url: urls.request(request),
    data_updated_at: null,
    total_count: result.totalCount,
    data: result.hits.map(hit),
  };
}
