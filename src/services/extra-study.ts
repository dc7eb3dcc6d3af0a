import {
  EXTRA_STUDY_CAP,
  EXTRA_STUDY_KINDS,
  EXTRA_STUDY_WINDOW_MS,
  capSet,
  countsDown,
  type ExtraStudyKind,
  type StudyItem,
  type StudyProgress,
  type StudySet,
} from '../domain/extra-study.js';
import { findAssignment } from '../db/repositories/assignments.js';
import { cycleItems, finishCycle, insertCycle, latestCycles, markItemDone } from '../db/repositories/extra-study.js';
import { recentMistakes } from '../db/repositories/mistakes.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import type { CycleRecord } from '../domain/model/extra-study.js';
import type { RecentMistake } from '../domain/model/highlights.js';
import { eventsOf, type RecentEvents } from './recent-events.js';

export { EXTRA_STUDY_KINDS };

/** What GET /study and POST /study {kind} show: the open cycle's items still to do, else the set now. */
export interface StudyView {
  kind: ExtraStudyKind;
  capped: boolean;
  items: StudyItem[];
  progress: StudyProgress;
}

const idsOf = (item: StudyItem): StudyItem => ({ assignmentId: item.assignmentId, subjectId: item.subjectId });

/**
 * How a view reads the learner's recent events and mistakes: `events` from the rows or as the
 * dashboard keeps them; `mistakesNow`, the recent mistakes at `now` when the caller has read them already.
 */
interface SetReads {
  events: RecentEvents;
  mistakesNow?: Promise<RecentMistake[]>;
}

/** The kind's set as it stands now, in its order (see docs/decisions.md, Extra study sets), capped. */
async function liveSet(db: Executor, userId: number, kind: ExtraStudyKind, now: number, reads: SetReads): Promise<StudySet> {
  const since = now - EXTRA_STUDY_WINDOW_MS;
  switch (kind) {
    case 'recent_lessons':
      return capSet((await reads.events('started_at', since, EXTRA_STUDY_CAP + 1)).map(idsOf));
    case 'burned_items':
      return capSet((await reads.events('burned_at', null, EXTRA_STUDY_CAP + 1)).map(idsOf));
    case 'recent_mistakes':
      return capSet((await (reads.mistakesNow ?? recentMistakes(db, userId, since, now))).map(idsOf));
  }
}

/** A cycle's items still to study, in their frozen order. */
async function remainingItems(db: Executor, userId: number, cycle: CycleRecord, now: number): Promise<StudyItem[]> {
  if (cycle.finishedAt !== null) return [];
  const items = await cycleItems(db, userId, cycle.id);
  if (countsDown(cycle.kind)) return items.filter((i) => i.doneAt === null).map(idsOf);
  // The window is anchored at the opening: a frozen mistake stays until a correct review, however long the cycle runs.
  const stillWrong = new Set((await recentMistakes(db, userId, cycle.openedAt - EXTRA_STUDY_WINDOW_MS, now)).map((m) => m.assignmentId));
  return items.filter((i) => stillWrong.has(i.assignmentId)).map(idsOf);
}

interface OpenCycle {
  cycle: CycleRecord;
  remaining: StudyItem[];
}

/** The latest cycle while it still has something left; a cycle with nothing left is finished. */
async function openCycleOf(db: Executor, userId: number, latest: CycleRecord | undefined, now: number): Promise<OpenCycle | null> {
  if (latest === undefined) return null;
  const remaining = await remainingItems(db, userId, latest, now);
  return remaining.length > 0 ? { cycle: latest, remaining } : null;
}

function cycleView(open: OpenCycle): StudyView {
  return {
    kind: open.cycle.kind,
    capped: open.cycle.capped,
    items: open.remaining,
    progress: { remaining: open.remaining.length, total: open.cycle.total },
  };
}

function setView(kind: ExtraStudyKind, set: StudySet): StudyView {
  return { kind, capped: set.capped, items: set.items, progress: { remaining: set.items.length, total: set.items.length } };
}

async function viewOf(
  db: Executor,
  userId: number,
  kind: ExtraStudyKind,
  latest: CycleRecord | undefined,
  now: number,
  reads: SetReads,
): Promise<StudyView> {
  const open = await openCycleOf(db, userId, latest, now);
  return open ? cycleView(open) : setView(kind, await liveSet(db, userId, kind, now, reads));
}

/**
 * The dashboard's extra_study (see docs/decisions.md, Extra study sets): an open cycle's progress, else {remaining: n, total: n} for
 * the set's size now. Agrees with GET /study for every kind. The dashboard lists the recent
 * mistakes itself and passes them in (`reads.mistakesNow`), so they are read once, and reads the
 * recent events as it keeps them (`reads.events`).
 */
export async function extraStudyCounts(
  db: Executor,
  userId: number,
  now: number,
  reads: Required<SetReads>,
): Promise<Record<ExtraStudyKind, StudyProgress>> {
  const latest = await latestCycles(db, userId);
  const views = await Promise.all(EXTRA_STUDY_KINDS.map((kind) => viewOf(db, userId, kind, latest.get(kind), now, reads)));
  return Object.fromEntries(views.map((v) => [v.kind, v.progress])) as Record<ExtraStudyKind, StudyProgress>;
}

/** GET /study: a pure read. */
export async function getStudy(deps: Deps, userId: number, kind: ExtraStudyKind): Promise<StudyView> {
  const db = deps.db.kysely;
  return viewOf(db, userId, kind, (await latestCycles(db, userId)).get(kind), deps.clock.now(), { events: eventsOf(db, userId) });
}

/** POST /study {kind}: resumes the open cycle, or opens one over the set as it stands (none for an empty set). */
export async function openStudy(deps: Deps, userId: number, kind: ExtraStudyKind, idempotency?: IdempotentRequest): Promise<OpenedStudy> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async ({ trx, now, stamp }) => {
      const latest = (await latestCycles(trx, userId)).get(kind);
      const open = await openCycleOf(trx, userId, latest, now);
      if (open) return { ...cycleView(open), at: now };
      if (latest && latest.finishedAt === null) await finishCycle(trx, userId, latest.id, now, stamp());
      const set = await liveSet(trx, userId, kind, now, { events: eventsOf(trx, userId) });
      if (set.items.length > 0) await insertCycle(trx, userId, kind, set.items, set.capped, now, stamp());
      return { ...setView(kind, set), at: now };
    },
    idempotency,
  );
}

export interface RecordedItem {
  kind: ExtraStudyKind;
  progress: StudyProgress;
  /** When the write was answered (the report's data_updated_at, so a replayed answer is identical). */
  at: number;
}

/** POST /study {kind}: the cycle's view, and when it was answered (see RecordedItem.at). */
export type OpenedStudy = StudyView & { at: number };

/**
 * POST /study {kind, assignment_id}: records one item of the kind's latest cycle done. Idempotent:
 * a repeat (even after the cycle finished) answers the progress again without counting twice.
 */
export async function recordStudyItem(
  deps: Deps,
  userId: number,
  kind: ExtraStudyKind,
  assignmentId: number,
  idempotency?: IdempotentRequest,
): Promise<Result<RecordedItem>> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async ({ trx, now, stamp }) => {
      if (!(await findAssignment(trx, userId, assignmentId))) return notFound();
      const cycle = (await latestCycles(trx, userId)).get(kind);
      const inCycle = cycle && (await cycleItems(trx, userId, cycle.id)).some((i) => i.assignmentId === assignmentId);
      if (!cycle || !inCycle) return unprocessable(`Assignment is not in the current ${kind} extra study cycle.`);
      await markItemDone(trx, userId, cycle.id, assignmentId, now);
      const remaining = (await remainingItems(trx, userId, cycle, now)).length;
      if (remaining === 0) await finishCycle(trx, userId, cycle.id, now, stamp());
      return ok({ kind, progress: { remaining, total: cycle.total }, at: now });
    },
    idempotency,
  );
}
