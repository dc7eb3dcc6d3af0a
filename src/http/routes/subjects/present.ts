import type { Page } from '../../../shared/paging.js';
import { collectionJson, newest, resourceJson, type RequestAddress, type Urls } from '../../envelopes.js';
import type { StoredSubject } from '../../../domain/model/subjects.js';

/**
 * Subjects are stored with their `data` already shaped and validated as served (domain/subjects.ts),
 * so their envelopes are assembled from the stored JSON text without a parse/serialise round trip.
 */
export function subjectJson(urls: Urls, subject: StoredSubject): string {
  return resourceJson(urls, '/subjects', subject.object, subject.id, subject.updatedAt, subject.dataJson);
}

export function subjectCollectionJson(
  urls: Urls,
  request: RequestAddress,
  perPage: number,
  page: Page<StoredSubject>,
): { body: string; updatedAt: number | null } {
  const updatedAt = newest(page.rows.map((s) => s.updatedAt));
  const items = page.rows.map((s) => subjectJson(urls, s));
  return { body: collectionJson(urls, request, '/subjects', perPage, page, updatedAt, items), updatedAt };
}
