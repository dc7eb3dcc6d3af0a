import type { Page } from '../../../shared/paging.js';
import { collectionJson, newest, resourceJson, resourceWriter, type RequestAddress, type RowWriter, type Urls } from '../../envelopes.js';
import type { StoredSubject } from '../../../domain/model/subjects.js';

/**
 * Subjects are stored with their `data` already shaped and validated as served (domain/subjects.ts),
 * so their envelopes are assembled from the stored JSON text without a parse/serialise round trip.
 */
export function subjectJson(urls: Urls, subject: StoredSubject): string {
  return resourceJson(urls, '/subjects', subject.object, subject);
}

export function subjectCollectionJson(
  urls: Urls,
  request: RequestAddress,
  perPage: number,
  page: Page<StoredSubject>,
): { body: Buffer; updatedAt: number | null } {
  const updatedAt = newest(page.rows.map((s) => s.updatedAt));
  // A page mixes subject types, each with its own `object`: one envelope writer per type.
  const writers = new Map<string, RowWriter<StoredSubject>>();
  const writeRow: RowWriter<StoredSubject> = (out, subject) => {
    let write = writers.get(subject.object);
    if (write === undefined) {
      write = resourceWriter<StoredSubject>(urls, '/subjects', subject.object, (o, s) => o.json(s.dataJson));
      writers.set(subject.object, write);
    }
    write(out, subject);
  };
  return { body: collectionJson(urls, request, '/subjects', perPage, page, updatedAt, writeRow), updatedAt };
}
