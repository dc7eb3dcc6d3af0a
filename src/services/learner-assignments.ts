import { seededWrites } from '../db/learner-writes.js';
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
  newestUpdate,
  scheduleOf,
  spreadPlaced,
  stageCounts,
  worstFirst,
  type AssignmentFact,
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
  #ordered: CriticalItem[] | null = null;

  constructor(
    readonly below: number,
    public stamp: number,
    rows: readonly StatisticFacts[],
  ) {
    this.apply(rows);
  }

  /** Takes the rows as read now: a row is a candidate while visible and below the threshold. */
  apply(rows: readonly StatisticFacts[]): void {
    for (const [subjectId, percentageCorrect, hidden] of rows) {
      const was = this.bySubject.get(subjectId);
      const is = hidden === 0 && percentageCorrect < this.below ? percentageCorrect : undefined;
      if (was === is) continue;
      if (is === undefined) this.bySubject.delete(subjectId);
      else this.bySubject.set(subjectId, is);
      this.#ordered = null;
    }
  }

  /** Every candidate, worst first: sorted again only after a change. */
  ordered(): readonly CriticalItem[] {
    this.#ordered ??= [...this.bySubject].map(([subjectId, percentageCorrect]) => ({ subjectId, percentageCorrect })).sort(worstFirst);
    return this.#ordered;
  }
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
      const before = this.bySubject.get(fact.subjectId);
      if (before === undefined) {
        this.ordered.push(fact);
        reorder = true;
      } else {
        if (byLevelThenSubject(before, fact) !== 0) reorder = true;
        // The same object stays in `ordered`: only its fields move.
        Object.assign(before, fact);
        continue;
      }
      this.bySubject.set(fact.subjectId, fact);
    }
    if (reorder) this.ordered.sort(byLevelThenSubject);
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
  const seeded = seededWrites();
  const advance = async (kept: Copy | undefined) => {
    let copy = kept;
    if (copy === undefined || copy.uuid !== uuid || copy.contentVersion !== contentVersion || copy.seeded !== seeded) {
      copy = new Copy(uuid, contentVersion, seeded, changeStamp, await assignmentFactsAfter(db, engine, id, null));
    } else if (copy.stamp < changeStamp) {
      // A copy at or past the stamp holds these rows or newer ones.
      copy.apply(await assignmentFactsAfter(db, engine, id, copy.stamp));
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
    stageCounts: () => on((copy) => spreadTotals(stageCounts(copy.ordered))),
    spreadItems: (briefs) => on((copy) => withSubjects(spreadPlaced(copy.ordered), briefs)),
    schedule: (from, until) => on((copy) => scheduleOf(copy.ordered, from, until)),
    newestUpdate: () => on((copy) => newestUpdate(copy.ordered)),
    latestEvents: (column, limit) => on((copy) => latestEvents(copy.ordered, INSTANTS[column], limit)),
    criticalItems: (below, limit) =>
      onCopy(deps, learner, contentVersion, below, (copy) => criticalOf(copy.candidates!.ordered(), copy.bySubject, limit)),
    levelProgress: async (level) => {
      const subjects = await visibleSubjectsAt(deps.db, contentVersion, level);
      return on((copy) => levelProgressOf(subjects, copy.bySubject));
    },
    lessonsWaiting: (level) => on((copy) => lessonsWaitingOf(copy.ordered, level)),
  };
}
