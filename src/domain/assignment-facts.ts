import type { Placed } from './item-spread.js';
import type { SubjectEvent } from './model/highlights.js';
import type { ReviewSchedule } from './review-schedule.js';
import type { SubjectType } from './subjects.js';

/** What the home screens read of one of a learner's assignments (the columns of the same names). */
export interface AssignmentFact {
  id: number;
  subjectId: number;
  type: SubjectType;
  level: number;
  stage: number;
  hidden: boolean;
  unlockedAt: number | null;
  startedAt: number | null;
  burnedAt: number | null;
  availableAt: number | null;
  updatedAt: number;
}

/** In GET /item_spread and the dashboard's item_spread: visible and started (stage 0 has no bucket). */
function spreadable(fact: AssignmentFact): boolean {
  return !fact.hidden && fact.stage > 0;
}

/** Visible started assignments counted per SRS stage and subject type, as spreadCounts reads them. */
export function stageCounts(facts: Iterable<AssignmentFact>): (Placed & { count: number })[] {
  const counts = new Map<string, Placed & { count: number }>();
  for (const fact of facts) {
    if (!spreadable(fact)) continue;
    const key = `${fact.stage} ${fact.type}`;
    const counted = counts.get(key);
    if (counted) counted.count += 1;
    else counts.set(key, { stage: fact.stage, type: fact.type, count: 1 });
  }
  return [...counts.values()];
}

/** Orders facts as spreadItems lists them: by level, then subject id. */
export function byLevelThenSubject(a: AssignmentFact, b: AssignmentFact): number {
  return a.level - b.level || a.subjectId - b.subjectId;
}

/** The visible started assignments of `ordered` (sorted byLevelThenSubject), in that order. */
export function spreadPlaced(ordered: readonly AssignmentFact[]): AssignmentFact[] {
  return ordered.filter(spreadable);
}

/** What reviewSchedule reads: visible reviews in the cycle due at `from`, and those arriving in (from, until], by due time then subject. */
export function scheduleOf(facts: Iterable<AssignmentFact>, from: number, until: number): ReviewSchedule {
  const timed: { availableAt: number; subjectId: number }[] = [];
  for (const fact of facts) {
    const { availableAt } = fact;
    if (fact.hidden || fact.startedAt === null || fact.burnedAt !== null || availableAt === null || availableAt > until) continue;
    timed.push({ availableAt, subjectId: fact.subjectId });
  }
  timed.sort((a, b) => a.availableAt - b.availableAt || a.subjectId - b.subjectId);
  const arrivingFrom = timed.findIndex((t) => t.availableAt > from);
  const dueCount = arrivingFrom === -1 ? timed.length : arrivingFrom;
  return {
    from,
    until,
    dueSubjectIds: timed.slice(0, dueCount).map((t) => t.subjectId),
    arriving: timed.slice(dueCount),
  };
}

/** The newest updated_at of every assignment of the learner, hidden and unstarted ones too; null with none. */
export function newestUpdate(facts: Iterable<AssignmentFact>): number | null {
  let newest: number | null = null;
  for (const fact of facts) if (newest === null || fact.updatedAt > newest) newest = fact.updatedAt;
  return newest;
}

/** The instants recentAssignmentEvents reads. */
export type EventInstant = 'unlockedAt' | 'startedAt' | 'burnedAt';

/**
 * The `limit` most recent events of `instant` of the visible assignments, as recentAssignmentEvents
 * reads them at any time: newest first, then the higher subject id. One pass keeping the `limit`
 * best so far (the lists are short, the facts many).
 */
export function latestEvents(facts: Iterable<AssignmentFact>, instant: EventInstant, limit: number): SubjectEvent[] {
  const before = (a: SubjectEvent, b: SubjectEvent) => b.at - a.at || b.subjectId - a.subjectId;
  const best: SubjectEvent[] = [];
  for (const fact of facts) {
    const at = fact[instant];
    if (fact.hidden || at === null || limit === 0) continue;
    const event = { assignmentId: fact.id, subjectId: fact.subjectId, at };
    if (best.length === limit && before(event, best[limit - 1]!) >= 0) continue;
    let i = best.length;
    while (i > 0 && before(event, best[i - 1]!) < 0) i -= 1;
    best.splice(i, 0, event);
    if (best.length > limit) best.pop();
  }
  return best;
}
