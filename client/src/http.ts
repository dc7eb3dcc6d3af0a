import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api.js';
import { outcomeOfStatus, type QueuedReview, type SendOutcome } from './offline-queue.js';

export type StudyApi = Client<paths>;

export interface StudyClientOptions {
  /** The API's base address, e.g. `https://study.example.org/api/v1` (or `/api/v1` on the app's own origin). */
  baseUrl: string;
  /** An API token, sent as a bearer. Without one the browser's `svc_session` cookie is the credential. */
  token?: string;
  /** A fetch implementation (tests, or Node without a global fetch). */
  fetch?: typeof globalThis.fetch;
}

/**
 * A typed client of the study API (openapi-fetch over the server's OpenAPI document): every path,
 * query, body and answer is typed from the server's own schemas.
 */
export function createStudyClient(options: StudyClientOptions): StudyApi {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    credentials: options.token ? 'omit' : 'same-origin',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The cursor of a collection's `pages.next_url` (the url's host is the server's public one; only the cursor is reused). */
export function nextCursor(nextUrl: string | null): string | null {
  if (nextUrl === null) return null;
  return new URL(nextUrl, 'http://cursor.invalid').searchParams.get('page_after_id');
}

/** Pages through a collection: `get` fetches one page from a cursor (undefined for the first). */
export async function allPages<T>(
  get: (pageAfterId: string | undefined) => Promise<{ data: T[]; pages: { next_url: string | null } }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await get(cursor);
    out.push(...page.data);
    const next = nextCursor(page.pages.next_url);
    if (next === null) return out;
    cursor = next;
  }
}

/** Sends one queued answer as `POST /reviews` with its Idempotency-Key; a network failure reads as "later". */
export function reviewSender(api: StudyApi): (entry: QueuedReview) => Promise<SendOutcome> {
  return async (entry) => {
    try {
      const { data, response, error } = await api.POST('/reviews', {
        body: entry.answer,
        headers: { 'Idempotency-Key': entry.idempotencyKey },
      });
      const outcome = outcomeOfStatus(response.status, error && typeof error === 'object' && 'error' in error ? String(error.error) : '');
      return outcome.kind === 'sent' ? { kind: 'sent', body: data } : outcome;
    } catch {
      return { kind: 'later' };
    }
  };
}
