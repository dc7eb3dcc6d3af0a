import { newestAssignmentUpdate } from '../db/repositories/assignments.js';
import {
  assignmentFactsAfter,
  statisticFactsAfter,
  type AssignmentFacts,
  type StatisticFacts,
} from '../db/repositories/learner-assignments.js';
import { levelProgressByType } from '../db/repositories/progress.js';
import { pendingLessonSubjectIds, reviewSchedule } from '../db/repositories/queues.js';
import { spreadCounts, spreadItems } from '../db/repositories/spread.js';
import { criticalItems, recentAssignmentEvents, type EventColumn } from '../db/repositories/highlights.js';
import {
  byLevelThenSubject,
  criticalOf,
  latestEvents,
  lessonsWaitingOf,
  levelProgressOf,
  moveLatest,
  moveTimed,
  newestUpdate,
  placeSorted,
  scheduleOf,
  spreadPlaced,
  stageCounts,
  stageTally,
  tallyStage,
  timedReviews,
  worstFirst,
  type AssignmentFact,
  type EventInstant,
  type StageTally,
  type TimedReview,
} from '../domain/assignment-facts.js';
import { spreadTotals, type SpreadTotals } from '../domain/item-spread.js';
import type { CriticalItem, SubjectEvent } from '../domain/model/highlights.js';
import type { SpreadItem, TypeProgress } from '../domain/model/progress.js';
import type { SubjectBrief } from '../domain/model/subjects.js';
import type { UserRecord } from '../domain/model/users.js';
import type { ReviewSchedule } from '../domain/review-schedule.js';
import type { SubjectType } from '../domain/subjects.js';
import type { Deps } from './deps.js';
import { LearnerKeeper } from './learner-keeper.js';
import { visibleSubjectsAt } from './subject-briefs.js';

/** What the home screens read of a learner's assignments: GET /item_spread and the dashboard's parts. */
export interface LearnerAssignments {
  stageCounts(): Promise<SpreadTotals>;
  /** Visible started assignments by level then subject, with their subjects from `briefs` (an assignment whose subject it lacks is left out). */
  spreadItems(briefs: ReadonlyMap<number, SubjectBrief>): Promise<SpreadItem[]>;
  schedule(from: number, until: number): Promise<ReviewSchedule>;
  newestUpdate(): Promise<number | null>;
  /** The `limit` most recent events of `column` at any time (recentAssignmentEvents). */
  latestEvents(column: EventColumn, limit: number): Promise<SubjectEvent[]>;
  /** Visible statistics below `below` whose item is in the cycle, worst first, at most `limit` (criticalItems). */
  criticalItems(below: number, limit: number): Promise<CriticalItem[]>;
  /** The level's subjects per type, and how many the learner started, passed and burned (levelProgressByType). */
  levelProgress(level: number): Promise<Record<SubjectType, TypeProgress>>;
  /** The subjects of the lessons waiting at the level (pendingLessonSubjectIds). */
  lessonsWaiting(level: number): Promise<number[]>;
}

const INSTANTS = { unlocked_at: 'unlockedAt', started_at: 'startedAt', burned_at: 'burnedAt' } as const;

type Learner = Pick<UserRecord, 'id' | 'uuid' | 'changeStamp'>;

function withSubjects(placed: readonly AssignmentFact[], briefs: ReadonlyMap<number, SubjectBrief>): SpreadItem[] {
  const items: SpreadItem[] = [];
  for (const { stage, type, subjectId } of placed) {
    const subject = briefs.get(subjectId);
    if (subject) items.push({ stage, type, subject });
  }
  return items;
}

function factOf([
  id,
  subjectId,
  type,
  level,
  stage,
  hidden,
  unlockedAt,
  startedAt,
  passedAt,
  burnedAt,
  availableAt,
  updatedAt,
]: AssignmentFacts): AssignmentFact {
  return { id, subjectId, type, level, stage, hidden: hidden !== 0, unlockedAt, startedAt, passedAt, burnedAt, availableAt, updatedAt };
}

/**
 * The critical items' candidates kept with a copy: the learner's visible statistics below
 * `below`, by subject, as of change stamp `stamp`, moved like the assignments (statisticFactsAfter).
 */
class Candidates {
  readonly bySubject = new Map<number, number>();
  /** Every candidate, worst first. */
  readonly ordered: CriticalItem[] = [];

  constructor(
    readonly below: number,
    public stamp: number,
    rows: readonly StatisticFacts[],
  ) {
    for (const [subjectId, percentageCorrect, hidden] of rows) {
      if (hidden === 0 && percentageCorrect < below) this.bySubject.set(subjectId, percentageCorrect);
    }
    for (const [subjectId, percentageCorrect] of this.bySubject) this.ordered.push({ subjectId, percentageCorrect });
    this.ordered.sort(worstFirst);
  }

  /** Takes the rows as read now: a row is a candidate while visible and below the threshold. */
  apply(rows: readonly StatisticFacts[]): void {
    for (const [subjectId, percentageCorrect, hidden] of rows) {
      const was = this.bySubject.get(subjectId);
      const is = hidden === 0 && percentageCorrect < this.below ? percentageCorrect : undefined;
      if (was === is) continue;
      if (was !== undefined) placeSorted(this.ordered, { subjectId, percentageCorrect: was }, worstFirst, false);
      if (is === undefined) this.bySubject.delete(subjectId);
      else {
        this.bySubject.set(subjectId, is);
        placeSorted(this.ordered, { subjectId, percentageCorrect: is }, worstFirst, true);
      }
    }
  }
}

/** A recent list worked out from a copy and moved with it (latestEvents). */
interface KeptLatest {
  instant: EventInstant;
  limit: number;
  events: SubjectEvent[];
}

/**
 * A copy of one learner's assignments (the columns AssignmentFact names) as of change stamp
 * `stamp`, for the account `uuid` and the content version `contentVersion` (a content import moves
 * assignments' levels without stamping the rows). Moved to a later stamp by reading only the rows
 * written after its own (assignmentFactsAfter): no write deletes an assignment, and every write
 * stamps the rows it changes.
 */
class Copy {
  /** Every fact by its subject: a learner holds one assignment of a subject (assignments_user_subject_uq). */
  readonly bySubject = new Map<number, AssignmentFact>();
  /** Every fact, byLevelThenSubject. */
  ordered: AssignmentFact[] = [];
  /** Read on the first request that needs them (the dashboard's critical items), then moved with the copy. */
  candidates: Candidates | null = null;
  // What the dashboard works out from every fact, once asked, then moved by each fact a change
  // brings instead of worked out again (a review moves one or two facts of thousands).
  #tally: StageTally | null = null;
  #timed: TimedReview[] | null = null;
  readonly #latest = new Map<string, KeptLatest>();

  constructor(
    readonly uuid: string,
    readonly contentVersion: number,
    readonly seeded: number,
    public stamp: number,
    rows: readonly AssignmentFacts[],
  ) {
    this.apply(rows);
  }

  /** Takes the rows as read now: each one replaces the fact of its subject (so of its id). */
  apply(rows: readonly AssignmentFacts[]): void {
    let reorder = false;
    for (const row of rows) {
      const fact = factOf(row);
      const kept = this.bySubject.get(fact.subjectId);
      if (kept === undefined) {
        this.ordered.push(fact);
        this.bySubject.set(fact.subjectId, fact);
        reorder = true;
        this.#moved(undefined, fact);
      } else {
        if (byLevelThenSubject(kept, fact) !== 0) reorder = true;
        const before = { ...kept };
        // The same object stays in `ordered`: only its fields move.
        Object.assign(kept, fact);
        this.#moved(before, kept);
      }
    }
    if (reorder) this.ordered.sort(byLevelThenSubject);
  }

  #moved(before: AssignmentFact | undefined, fact: AssignmentFact): void {
    if (this.#tally !== null) {
      if (before !== undefined) tallyStage(this.#tally, before, -1);
      tallyStage(this.#tally, fact, 1);
    }
    if (this.#timed !== null) moveTimed(this.#timed, before, fact);
    for (const [key, { instant, limit, events }] of this.#latest) {
      if (!moveLatest(events, instant, limit, before, fact)) this.#latest.delete(key);
    }
  }

  stageTally(): StageTally {
    return (this.#tally ??= stageTally(this.ordered));
  }

  timedReviews(): readonly TimedReview[] {
    return (this.#timed ??= timedReviews(this.ordered));
  }

  /** latestEvents of `instant`, at most `limit`, as a new list. */
  latest(instant: EventInstant, limit: number): SubjectEvent[] {
    const key = `${instant} ${limit}`;
    let kept = this.#latest.get(key);
    if (kept === undefined) this.#latest.set(key, (kept = { instant, limit, events: latestEvents(this.ordered, instant, limit) }));
    return [...kept.events];
  }
}

/**
 * The assignments kept in copies in all, beside HISTORY_MEMO_LEARNERS: a fact takes about 240
 * bytes of heap with its places in the map and the list (measured), so this is some 50 MB, the
 * copies of 18 learners holding every subject or of a hundred at levels 10 to 20.
 */
const COPIED_ASSIGNMENTS_KEPT = 200_000;

/** A copy's size against COPIED_ASSIGNMENTS_KEPT: its facts and its critical candidates (each smaller than a fact). */
const copies = new LearnerKeeper<Copy>({
  of: (copy) => copy.ordered.length + (copy.candidates?.bySubject.size ?? 0),
  max: COPIED_ASSIGNMENTS_KEPT,
});

/**
 * The learner's copy brought to at least `learner.changeStamp` (read before: see learnerStateKey),
 * with its critical candidates below `below` too when asked, then `use` run on it. A copy of
 * another account, content version or seeding is read again whole.
 */
function onCopy<T>(deps: Deps, learner: Learner, contentVersion: number, below: number | null, use: (copy: Copy) => T): Promise<T> {
  const { engine } = deps.db;
  const db = deps.db.kysely;
  const { id, uuid, changeStamp } = learner;
  const seeded = deps.db.seededWrites.count;
  const advance = async (kept: Copy | undefined) => {
    let copy = kept;
    if (copy === undefined || copy.uuid !== uuid || copy.contentVersion !== contentVersion || copy.seeded !== seeded) {
      copy = new Copy(uuid, contentVersion, seeded, changeStamp, await assignmentFactsAfter(db, engine, id, null));
    } else if (copy.stamp < changeStamp) {
      // A copy at or past the stamp holds these rows or newer ones. Its critical candidates, once
      // kept, are moved at the same time on another connection (the dashboard that kept them asks
      // again after a write): both read rows written after stamps read before, so neither needs
      // the other's snapshot.
      const { candidates } = copy;
      const moving =
        candidates !== null && candidates.stamp < changeStamp && (below === null || candidates.below === below) ? candidates : null;
      const [rows] = await Promise.all([
        assignmentFactsAfter(db, engine, id, copy.stamp),
        moving === null
          ? null
          : statisticFactsAfter(db, engine, id, moving.stamp, moving.below).then((statistics) => {
              moving.apply(statistics);
              moving.stamp = changeStamp;
            }),
      ]);
      copy.apply(rows);
      copy.stamp = changeStamp;
    }
    if (below === null) return copy;
    const { candidates } = copy;
    if (candidates === null || candidates.below !== below) {
      copy.candidates = new Candidates(below, changeStamp, await statisticFactsAfter(db, engine, id, null, below));
    } else if (candidates.stamp < changeStamp) {
      candidates.apply(await statisticFactsAfter(db, engine, id, candidates.stamp, below));
      candidates.stamp = changeStamp;
    }
    return copy;
  };
  return copies.with(deps, id, advance, use);
}

/**
 * The learner's assignments as the home screens read them: from a copy kept per learner and moved
 * by the rows written since (docs/decisions.md, "Learner copies"), or by statements over
 * every row when HISTORY_MEMO_LEARNERS is 0. `contentVersion` is the one read with the credential.
 */
export function learnerAssignments(deps: Deps, learner: Learner, contentVersion: number): LearnerAssignments {
  const db = deps.db.kysely;
  const userId = learner.id;
  if (deps.config.historyMemoLearners === 0) {
    return {
      stageCounts: async () => spreadTotals(await spreadCounts(db, userId)),
      spreadItems: (briefs) => spreadItems(db, deps.db.engine, userId, briefs),
      schedule: (from, until) => reviewSchedule(db, userId, from, until),
      newestUpdate: () => newestAssignmentUpdate(db, userId),
      latestEvents: (column, limit) => recentAssignmentEvents(db, userId, column, null, limit),
      criticalItems: (below, limit) => criticalItems(db, userId, below, limit),
      levelProgress: (level) => levelProgressByType(db, userId, level),
      lessonsWaiting: (level) => pendingLessonSubjectIds(db, userId, level),
    };
  }
  const on = <T>(use: (copy: Copy) => T) => onCopy(deps, learner, contentVersion, null, use);
  return {
    stageCounts: () => on((copy) => spreadTotals(stageCounts(copy.stageTally()))),
    spreadItems: (briefs) => on((copy) => withSubjects(spreadPlaced(copy.ordered), briefs)),
    schedule: (from, until) => on((copy) => scheduleOf(copy.timedReviews(), from, until)),
    newestUpdate: () => on((copy) => newestUpdate(copy.ordered)),
    latestEvents: (column, limit) => on((copy) => copy.latest(INSTANTS[column], limit)),
    criticalItems: (below, limit) =>
      onCopy(deps, learner, contentVersion, below, (copy) => criticalOf(copy.candidates!.ordered, copy.bySubject, limit)),
    levelProgress: async (level) => {
      const subjects = await visibleSubjectsAt(deps.db, contentVersion, level);
      return on((copy) => levelProgressOf(subjects, copy.bySubject));
    },
    lessonsWaiting: (level) => on((copy) => lessonsWaitingOf(copy.ordered, level)),
  };
}
