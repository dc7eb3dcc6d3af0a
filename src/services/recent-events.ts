import { recentAssignmentEvents, type EventColumn } from '../db/repositories/highlights.js';
import type { Executor } from '../db/transaction.js';
import type { SubjectEvent } from '../domain/model/highlights.js';
import type { HistoryParts } from './history-memo.js';
import type { LearnerAssignments } from './learner-assignments.js';

/** The learner's most recent events of `column` at or after `since` (any time when null), at most `limit`: recentAssignmentEvents. */
export type RecentEvents = (column: EventColumn, since: number | null, limit: number) => Promise<SubjectEvent[]>;

/** Read from the rows on every call (inside a write's transaction, say). */
export function eventsOf(db: Executor, userId: number): RecentEvents {
  return (column, since, limit) => recentAssignmentEvents(db, userId, column, since, limit);
}

/**
 * From the `limit` most recent events of the column at any time (`latest`), kept with the
 * learner's rows (`parts`): the statement orders by the instant, newest first, so the events at or
 * after `since` are a prefix of that list, and cutting it at `since` gives the statement's rows at
 * every instant with no read. See docs/decisions.md, "History memo".
 */
export function keptEvents(latest: LearnerAssignments['latestEvents'], parts: HistoryParts): RecentEvents {
  return async (column, since, limit) => {
    const latestNow = await parts.get(`recent ${column}, at most ${limit}`, '', () => latest(column, limit));
    return since === null ? latestNow : latestNow.filter((event) => event.at >= since);
  };
}
