import type { Placed } from './item-spread.js';
import type { CriticalItem, SubjectEvent } from './model/highlights.js';
import type { TypeProgress } from './model/progress.js';
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
  passedAt: number | null;
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

/**
 * Per type, the level's subjects (`subjects`: the non-hidden subjects of the level, whatever the
 * learner holds) and how many of them the learner has started, passed and burned, as
 * levelProgressByType reads them: `bySubject` holds the learner's assignment of a subject.
 */
export function levelProgressOf(
  subjects: readonly { id: number; type: SubjectType }[],
  bySubject: ReadonlyMap<number, AssignmentFact>,
): Record<SubjectType, TypeProgress> {
  const empty = (): TypeProgress => ({ total: 0, started: 0, passed: 0, burned: 0 });
  const out: Record<SubjectType, TypeProgress> = { radical: empty(), kanji: empty(), vocabulary: empty(), kana_vocabulary: empty() };
  for (const { id, type } of subjects) {
    const tally = out[type];
    tally.total += 1;
    const fact = bySubject.get(id);
    if (fact === undefined) continue;
    if (fact.startedAt !== null) tally.started += 1;
    if (fact.passedAt !== null) tally.passed += 1;
    if (fact.burnedAt !== null) tally.burned += 1;
  }
  return out;
}

/** The subjects of the lessons waiting at `userLevel` (lessonAvailable), by level then subject as pendingLessonSubjectIds lists them. */
export function lessonsWaitingOf(ordered: readonly AssignmentFact[], userLevel: number): number[] {
  const ids: number[] = [];
  for (const fact of ordered) {
    // `ordered` is by level: nothing after the first fact above the level is waiting.
    if (fact.level > userLevel) break;
    if (fact.unlockedAt !== null && fact.startedAt === null && !fact.hidden) ids.push(fact.subjectId);
  }
  return ids;
}

/** Worst first, then the lower subject id: criticalItems' order. */
export function worstFirst(a: CriticalItem, b: CriticalItem): number {
  return a.percentageCorrect - b.percentageCorrect || a.subjectId - b.subjectId;
}

/**
 * The first `limit` of `candidates` (the visible statistics below the threshold, worstFirst) whose
 * item is held and still in the cycle (not burned), as criticalItems reads them.
 */
export function criticalOf(
  candidates: readonly CriticalItem[],
  bySubject: ReadonlyMap<number, AssignmentFact>,
  limit: number,
): CriticalItem[] {
  const items: CriticalItem[] = [];
  for (const candidate of candidates) {
    if (items.length >= limit) break;
    const fact = bySubject.get(candidate.subjectId);
    if (fact !== undefined && fact.burnedAt === null) items.push(candidate);
  }
  return items;
}
