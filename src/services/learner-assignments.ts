import { seededWrites } from '../db/learner-writes.js';
import { newestAssignmentUpdate } from '../db/repositories/assignments.js';
import { assignmentFactsAfter, type AssignmentFacts } from '../db/repositories/learner-assignments.js';
import { reviewSchedule } from '../db/repositories/queues.js';
import { spreadCounts, spreadItems } from '../db/repositories/spread.js';
import { recentAssignmentEvents, type EventColumn } from '../db/repositories/highlights.js';
import {
  byLevelThenSubject,
  latestEvents,
  newestUpdate,
  scheduleOf,
  spreadPlaced,
  stageCounts,
  type AssignmentFact,
} from '../domain/assignment-facts.js';
import { spreadTotals, type SpreadTotals } from '../domain/item-spread.js';
import type { SubjectEvent } from '../domain/model/highlights.js';
import type { SpreadItem } from '../domain/model/progress.js';
import type { SubjectBrief } from '../domain/model/subjects.js';
import type { UserRecord } from '../domain/model/users.js';
import type { ReviewSchedule } from '../domain/review-schedule.js';
import type { Deps } from './deps.js';
import { LearnerKeeper } from './learner-keeper.js';

/** What the home screens read of a learner's assignments: GET /item_spread and the dashboard's parts. */
export interface LearnerAssignments {
  stageCounts(): Promise<SpreadTotals>;
  /** Visible started assignments by level then subject, with their subjects from `briefs` (an assignment whose subject it lacks is left out). */
  spreadItems(briefs: ReadonlyMap<number, SubjectBrief>): Promise<SpreadItem[]>;
  schedule(from: number, until: number): Promise<ReviewSchedule>;
  newestUpdate(): Promise<number | null>;
  /** The `limit` most recent events of `column` at any time (recentAssignmentEvents). */
  latestEvents(column: EventColumn, limit: number): Promise<SubjectEvent[]>;
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
  burnedAt,
  availableAt,
  updatedAt,
]: AssignmentFacts): AssignmentFact {
  return { id, subjectId, type, level, stage, hidden: hidden !== 0, unlockedAt, startedAt, burnedAt, availableAt, updatedAt };
}

/**
 * A copy of one learner's assignments (the columns AssignmentFact names) as of change stamp
 * `stamp`, for the account `uuid` and the content version `contentVersion` (a content import moves
 * assignments' levels without stamping the rows). Moved to a later stamp by reading only the rows
 * written after its own (assignmentFactsAfter): no write deletes an assignment, and every write
 * stamps the rows it changes.
 */
class Copy {
  readonly byId = new Map<number, AssignmentFact>();
  /** Every fact, byLevelThenSubject. */
  ordered: AssignmentFact[] = [];

  constructor(
    readonly uuid: string,
    readonly contentVersion: number,
    readonly seeded: number,
    public stamp: number,
    rows: readonly AssignmentFacts[],
  ) {
    this.apply(rows);
  }

  /** Takes the rows as read now: each one replaces the fact of its id. */
  apply(rows: readonly AssignmentFacts[]): void {
    let reorder = false;
    for (const row of rows) {
      const fact = factOf(row);
      const before = this.byId.get(fact.id);
      if (before === undefined) {
        this.ordered.push(fact);
        reorder = true;
      } else {
        if (byLevelThenSubject(before, fact) !== 0) reorder = true;
        // The same object stays in `ordered`: only its fields move.
        Object.assign(before, fact);
        continue;
      }
      this.byId.set(fact.id, fact);
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

const copies = new LearnerKeeper<Copy>({ of: (copy) => copy.ordered.length, max: COPIED_ASSIGNMENTS_KEPT });

/**
 * The learner's copy brought to at least `learner.changeStamp` (read before: see learnerStateKey),
 * then `use` run on it. A copy of another account, content version or seeding is read again whole.
 */
function onCopy<T>(deps: Deps, learner: Learner, contentVersion: number, use: (copy: Copy) => T): Promise<T> {
  const { engine } = deps.db;
  const db = deps.db.kysely;
  const { id, uuid, changeStamp } = learner;
  const seeded = seededWrites();
  const advance = async (copy: Copy | undefined) => {
    if (copy === undefined || copy.uuid !== uuid || copy.contentVersion !== contentVersion || copy.seeded !== seeded) {
      return new Copy(uuid, contentVersion, seeded, changeStamp, await assignmentFactsAfter(db, engine, id, null));
    }
    // A copy at or past the stamp holds these rows or newer ones.
    if (copy.stamp >= changeStamp) return copy;
    copy.apply(await assignmentFactsAfter(db, engine, id, copy.stamp));
    copy.stamp = changeStamp;
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
    };
  }
  const on = <T>(use: (copy: Copy) => T) => onCopy(deps, learner, contentVersion, use);
  return {
    stageCounts: () => on((copy) => spreadTotals(stageCounts(copy.ordered))),
    spreadItems: (briefs) => on((copy) => withSubjects(spreadPlaced(copy.ordered), briefs)),
    schedule: (from, until) => on((copy) => scheduleOf(copy.ordered, from, until)),
    newestUpdate: () => on((copy) => newestUpdate(copy.ordered)),
    latestEvents: (column, limit) => on((copy) => latestEvents(copy.ordered, INSTANTS[column], limit)),
  };
}
