import { spreadMatrix, spreadTotals, type SpreadMatrix, type SpreadTotals } from '../domain/item-spread.js';
import { newestAssignmentUpdate } from '../db/repositories/assignments.js';
import { spreadCounts, spreadItems } from '../db/repositories/spread.js';
import type { Executor } from '../db/transaction.js';
import type { Deps } from './deps.js';
import { subjectBriefsAt } from './subject-briefs.js';
import type { SpreadItem } from '../domain/model/progress.js';

/** The dashboard's item_spread: counts only, from the same rows as GET /item_spread. */
export async function itemSpreadTotals(db: Executor, userId: number): Promise<SpreadTotals> {
  return spreadTotals(await spreadCounts(db, userId));
}

export interface ItemSpread {
  matrix: SpreadMatrix<SpreadItem>;
  updatedAt: number | null;
}

/**
 * GET /item_spread: every started, visible assignment in its stage group and type group, with the
 * subjects' briefs of `contentVersion` (the one read with the credential).
 */
export async function getItemSpread(deps: Deps, userId: number, contentVersion: number): Promise<ItemSpread> {
  const db = deps.db.kysely;
  const briefs = await subjectBriefsAt(deps.db, contentVersion);
  const [items, updatedAt] = await Promise.all([spreadItems(db, deps.db.engine, userId, briefs), newestAssignmentUpdate(db, userId)]);
  return { matrix: spreadMatrix(items), updatedAt };
}
