import type { Page } from '../../../shared/paging.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { newest, pageLinks, type RequestAddress, type Urls } from '../../envelopes.js';
import type { StoredSubject } from '../../../domain/model/subjects.js';

/**
 * Subjects are stored with their `data` already shaped and validated as served (domain/subjects.ts),
 * so their envelopes are assembled from the stored JSON text without a parse/serialise round trip.
 */
export function subjectJson(urls: Urls, subject: StoredSubject): string {
  return `{"id":${subject.id},"object":${JSON.stringify(subject.object)},"url":${JSON.stringify(urls.of(`/subjects/${subject.id}`))},"data_updated_at":"${toIso(subject.updatedAt)}","data":${subject.dataJson}}`;
}

export function subjectCollectionJson(
  urls: Urls,
  request: RequestAddress,
  perPage: number,
  page: Page<StoredSubject>,
): { body: string; updatedAt: number | null } {
  const updatedAt = newest(page.rows.map((s) => s.updatedAt));
  const head = {
    object: 'collection',
    url: urls.request(request),
    pages: { per_page: perPage, ...pageLinks(urls, request, '/subjects', page) },
    total_count: page.totalCount,
    data_updated_at: toIsoOrNull(updatedAt),
  };
  const items = page.rows.map((s) => subjectJson(urls, s)).join(',');
  return { body: `${JSON.stringify(head).slice(0, -1)},"data":[${items}]}`, updatedAt };
}
