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

/** Per subject type, the count of visible started assignments per SRS stage. */
export type StageTally = Map<SubjectType, number[]>;

/** Counts `fact` into `tally` (`delta` 1) or out of it (-1), when it is in the spread. */
export function tallyStage(tally: StageTally, fact: AssignmentFact, delta: 1 | -1): void {
  if (!spreadable(fact)) return;
  let perStage = tally.get(fact.type);
  if (perStage === undefined) tally.set(fact.type, (perStage = []));
  perStage[fact.stage] = (perStage[fact.stage] ?? 0) + delta;
}

/** The tally of `facts`: no key built per fact. */
export function stageTally(facts: Iterable<AssignmentFact>): StageTally {
  const tally: StageTally = new Map();
  for (const fact of facts) tallyStage(tally, fact, 1);
  return tally;
}

/** A tally as spreadCounts reads the counts: a row per type and stage holding any. */
export function stageCounts(tally: StageTally): (Placed & { count: number })[] {
  return [...tally].flatMap(([type, perStage]) =>
    perStage.flatMap((count, stage) => (count === undefined || count === 0 ? [] : [{ stage, type, count }])),
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

/** A review with its due instant, as the schedule lists it. */
export interface TimedReview {
  availableAt: number;
  subjectId: number;
}

/** By due instant, then subject: reviewSchedule's order. */
const dueFirst = (a: TimedReview, b: TimedReview) => a.availableAt - b.availableAt || a.subjectId - b.subjectId;

/** Whether reviewSchedule lists the fact at some instant: visible, in the cycle, with a due instant. */
function timed(fact: AssignmentFact): fact is AssignmentFact & { availableAt: number } {
  return !fact.hidden && fact.startedAt !== null && fact.burnedAt === null && fact.availableAt !== null;
}

/** Every timed review of `facts`, dueFirst. */
export function timedReviews(facts: Iterable<AssignmentFact>): TimedReview[] {
  const reviews: TimedReview[] = [];
  for (const fact of facts) if (timed(fact)) reviews.push({ availableAt: fact.availableAt, subjectId: fact.subjectId });
  return reviews.sort(dueFirst);
}

/** The index of the first of `sorted` not before `item` in `order` (binary search). */
function firstNotBefore<T>(sorted: readonly T[], item: T, order: (a: T, b: T) => number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order(sorted[mid]!, item) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Puts `item` into `sorted` in its place (`add`) or takes an equal one out, keeping the order. */
export function placeSorted<T>(sorted: T[], item: T, order: (a: T, b: T) => number, add: boolean): void {
  const at = firstNotBefore(sorted, item, order);
  if (add) sorted.splice(at, 0, item);
  else if (at < sorted.length && order(sorted[at]!, item) === 0) sorted.splice(at, 1);
}

/** Moves `fact`'s review in `reviews` (timedReviews) from what it was (`before`, if it was held) to what it is. */
export function moveTimed(reviews: TimedReview[], before: AssignmentFact | undefined, fact: AssignmentFact): void {
  if (before !== undefined && timed(before))
    placeSorted(reviews, { availableAt: before.availableAt, subjectId: before.subjectId }, dueFirst, false);
  if (timed(fact)) placeSorted(reviews, { availableAt: fact.availableAt, subjectId: fact.subjectId }, dueFirst, true);
}

/** What reviewSchedule reads, from the timed reviews (dueFirst): those due at `from`, and those arriving in (from, until]. */
export function scheduleOf(reviews: readonly TimedReview[], from: number, until: number): ReviewSchedule {
  const arrivingFrom = firstNotBefore(reviews, { availableAt: from, subjectId: Infinity }, dueFirst);
  const end = firstNotBefore(reviews, { availableAt: until, subjectId: Infinity }, dueFirst);
  // Nothing after `until` is listed, not even as due.
  const dueEnd = Math.min(arrivingFrom, end);
  return { from, until, dueSubjectIds: reviews.slice(0, dueEnd).map((t) => t.subjectId), arriving: reviews.slice(dueEnd, end) };
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
    best.splice(firstNotBefore(best, event, newerFirst), 0, event);
    if (best.length > limit) best.pop();
  }
  return best;
}

/**
 * Moves `latest` (latestEvents of `instant`, at most `limit`) by one fact's change from `before`
 * (undefined for a new fact): false when it cannot be told from the list alone (a listed event
 * changed or left), and the list must be worked out again.
 */
export function moveLatest(
  latest: SubjectEvent[],
  instant: EventInstant,
  limit: number,
  before: AssignmentFact | undefined,
  fact: AssignmentFact,
): boolean {
  const listed = latest.findIndex((event) => event.assignmentId === fact.id);
  if (listed !== -1) return before !== undefined && before.hidden === fact.hidden && before[instant] === fact[instant];
  const at = fact[instant];
  if (fact.hidden || at === null) return true;
  // Not listed before: listed now if it beats the last, or the list holds every event.
  const event = { assignmentId: fact.id, subjectId: fact.subjectId, at };
  if (latest.length === limit && (limit === 0 || newerFirst(event, latest[limit - 1]!) > 0)) return true;
  latest.splice(firstNotBefore(latest, event, newerFirst), 0, event);
  if (latest.length > limit) latest.pop();
  return true;
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
