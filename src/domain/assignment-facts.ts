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
  // Per type, a count per stage: no key built per fact.
  const perType = new Map<SubjectType, number[]>();
  for (const fact of facts) {
    if (!spreadable(fact)) continue;
    let perStage = perType.get(fact.type);
    if (perStage === undefined) perType.set(fact.type, (perStage = []));
    perStage[fact.stage] = (perStage[fact.stage] ?? 0) + 1;
  }
  return [...perType].flatMap(([type, perStage]) =>
    perStage.flatMap((count, stage) => (count === undefined ? [] : [{ stage, type, count }])),
  );
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

/** Newest first, then the higher subject id: the order of recentAssignmentEvents. */
const newerFirst = (a: SubjectEvent, b: SubjectEvent) => b.at - a.at || b.subjectId - a.subjectId;

/**
 * The `limit` most recent events of `instant` of the visible assignments, as recentAssignmentEvents
 * reads them at any time. One pass keeping the `limit` best so far, placed by binary search; the
 * facts come by level, and events mostly happen level after level, so they are taken from the
 * highest level down and most are refused at once.
 */
export function latestEvents(facts: readonly AssignmentFact[], instant: EventInstant, limit: number): SubjectEvent[] {
  const best: SubjectEvent[] = [];
  if (limit <= 0) return best;
  for (let f = facts.length - 1; f >= 0; f -= 1) {
    const fact = facts[f]!;
    const at = fact[instant];
    if (fact.hidden || at === null) continue;
    const last = best.length === limit ? best[limit - 1]! : undefined;
    if (last !== undefined && (at < last.at || (at === last.at && fact.subjectId <= last.subjectId))) continue;
    const event = { assignmentId: fact.id, subjectId: fact.subjectId, at };
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newerFirst(best[mid]!, event) < 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, event);
    if (best.length > limit) best.pop();
  }
  return best;
}
