import { findStatistic, pageStatistics, pageStatisticsAgainst } from '../db/repositories/statistics.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../shared/paging.js';
import type { CredentialInRead } from '../domain/model/credentials.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { ReviewStatisticRecord, StatisticFilters } from '../domain/model/statistics.js';

export function listReviewStatistics(
  deps: Deps,
  userId: number,
  filters: StatisticFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<ReviewStatisticRecord>> {
  return pageStatistics(deps.db, userId, filters, perPage, cursor);
}

/** `listReviewStatistics` read against the rows a caller holds. */
export function listReviewStatisticsAgainst(
  deps: Deps,
  userId: number,
  filters: StatisticFilters,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  /** Checked by the page statement itself (paging.ts, pageByIdAgainst); `userId` is its owner expected. */
  credential: CredentialInRead | null = null,
): Promise<HeldPage<ReviewStatisticRecord> | null> {
  return pageStatisticsAgainst(deps.db, userId, filters, perPage, cursor, held, credential);
}

export async function getReviewStatistic(deps: Deps, userId: number, id: number): Promise<Result<ReviewStatisticRecord>> {
  const found = await findStatistic(deps.db.kysely, userId, id);
  return found ? ok(found) : notFound();
}
