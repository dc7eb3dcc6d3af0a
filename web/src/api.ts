import {
  createStudyClient,
  IdbStore,
  MemoryStore,
  OfflineReviewQueue,
  reviewSender,
  type DeadReview,
  type QueuedReview,
} from '../../client/src/index.js';

/** The API of the server that serves this app; the credential is the HttpOnly session cookie. */
export const API_BASE = '/api/v1';
export const api = createStudyClient({ baseUrl: API_BASE });

/** The error sentence of an API error body, for showing to the learner. */
export function errorText(error: unknown, fallback = 'Something went wrong. Try again.'): string {
  return error !== null && typeof error === 'object' && 'error' in error && typeof error.error === 'string' ? error.error : fallback;
}

const hasIndexedDb = typeof indexedDB !== 'undefined';

/** Answers waiting to reach the server, kept in IndexedDB across reloads (memory when the browser has none). */
export const reviewQueue = new OfflineReviewQueue(
  hasIndexedDb ? new IdbStore<QueuedReview>('study-review-queue', 'pending') : new MemoryStore<QueuedReview>(),
  hasIndexedDb ? new IdbStore<DeadReview>('study-review-failed', 'failed') : new MemoryStore<DeadReview>(),
  reviewSender(api),
);
