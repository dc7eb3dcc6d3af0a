import { chunks } from '../shared/chunks.js';

export interface PagePolicy {
  /** Users claimed in one transaction. */
  size: number;
  /** Pages worked on at once (distinct users: their locks never meet). */
  concurrency: number;
}

/** Runs `work` over `items` with at most `limit` at a time; results keep the items' order. */
export async function mapLimit<I, O>(items: readonly I[], limit: number, work: (item: I) => Promise<O>): Promise<O[]> {
  const results = new Array<O>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as I);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const ID_PAGE = 5000;

/** Every id a paged query yields (each statement stays small); a run decides the users it found at its start. */
export async function collectIds(page: (afterId: number, limit: number) => Promise<number[]>): Promise<number[]> {
  const ids: number[] = [];
  for (;;) {
    const next = await page(ids.at(-1) ?? 0, ID_PAGE);
    ids.push(...next);
    if (next.length < ID_PAGE) return ids;
  }
}

/** Runs `work` over the ids cut into pages, a few pages at a time. */
export async function forEachPage(ids: readonly number[], policy: PagePolicy, work: (page: number[]) => Promise<void>): Promise<void> {
  await mapLimit(chunks(ids, policy.size), policy.concurrency, work);
}

/**
 * Claims a page in one transaction; when that fails, claims its users one by one, so one learner's
 * trouble never holds back the others. A user whose own claim fails goes to `failed`; a user who
 * no longer exists (null) is dropped.
 */
export async function claimPage<C>(
  page: readonly number[],
  claim: (ids: readonly number[]) => Promise<(C | null)[]>,
  failed: (userId: number, error: unknown) => void,
): Promise<C[]> {
  const present = (claims: (C | null)[]) => claims.filter((c): c is C => c !== null);
  try {
    return present(await claim(page));
  } catch {
    const claims: (C | null)[] = [];
    for (const id of page) {
      try {
        claims.push(...(await claim([id])));
      } catch (error) {
        failed(id, error);
      }
    }
    return present(claims);
  }
}
