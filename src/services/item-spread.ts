import { spreadMatrix, type SpreadMatrix } from '../domain/item-spread.js';
import type { SpreadItem } from '../domain/model/progress.js';
import type { UserRecord } from '../domain/model/users.js';
import type { Deps } from './deps.js';
import { learnerAssignments } from './learner-assignments.js';
import { subjectBriefsAt } from './subject-briefs.js';

export interface ItemSpread {
  matrix: SpreadMatrix<SpreadItem>;
  updatedAt: number | null;
}

/**
 * GET /item_spread: every started, visible assignment in its stage group and type group, with the
 * subjects' briefs of `contentVersion`; `learner` and `contentVersion` as the credential check read them.
 */
export async function getItemSpread(
  deps: Deps,
  learner: Pick<UserRecord, 'id' | 'uuid' | 'changeStamp'>,
  contentVersion: number,
): Promise<ItemSpread> {
  const assignments = learnerAssignments(deps, learner, contentVersion);
  const briefs = await subjectBriefsAt(deps.db, contentVersion);
  const [items, updatedAt] = await Promise.all([assignments.spreadItems(briefs), assignments.newestUpdate()]);
  return { matrix: spreadMatrix(items), updatedAt };
}
