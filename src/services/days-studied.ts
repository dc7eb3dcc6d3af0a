import { dayStartsAt, localDayNumber, offsetSpans } from '../domain/calendar/day-numbers.js';
import { daysStudied, type DaysStudied } from '../domain/calendar/streak.js';
import { effectiveZone } from '../domain/calendar/zones.js';
import { activityRange, activitySlotCount, activitySlotsSince, localDaysStudied } from '../db/repositories/stats.js';
import { findUserById } from '../db/repositories/users.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import { historyParts, type HistoryParts } from './history-memo.js';
import { LearnerKeeper } from './learner-keeper.js';
import type { UserRecord } from '../domain/model/users.js';

/** Every local day with study, in the user's zone (UTC without one). */
export interface StudyHistory {
  zone: string;
  today: number;
  /** Local day numbers with study, ascending. */
  days: number[];
}

/** Every local day with study in `zone` read whole (the activity's range, then its slots grouped into days), and the last slot (-1 with none). */
async function readDaysStudied(db: Executor, userId: number, zone: string): Promise<{ days: number[]; lastSlot: number }> {
  const range = await activityRange(db, userId);
  if (range === null) return { days: [], lastSlot: -1 };
  return { days: await localDaysStudied(db, userId, offsetSpans(range.first, range.last + 1, zone)), lastSlot: range.last };
}

/** A learner's days studied in `zone` as of change stamp `stamp`, with the slots they came from: `slots` of them, the last `lastSlot`. */
interface KeptDays {
  uuid: string;
  seeded: number;
  zone: string;
  stamp: number;
  slots: number;
  lastSlot: number;
  days: readonly number[];
}

const keptDays = new LearnerKeeper<KeptDays>();

/** `days` (ascending) with `more` added, ascending and each once. */
function withDays(days: readonly number[], more: readonly number[]): readonly number[] {
  const added = more.filter((day) => !days.includes(day));
  return added.length === 0 ? days : [...new Set([...days, ...added])].sort((a, b) => a - b);
}

/**
 * The days studied moved to `user`'s stamp from the kept ones: no write deletes a slot, so when
 * the slot count grew by exactly the slots after the last one kept (a session now), those slots'
 * days are added; otherwise (a slot opened among older ones: a review dated back) all are read again.
 * The count and the later slots are one read (activitySlotsSince): a slot opening meanwhile is in
 * both or in neither.
 */
async function daysAtStamp(
  db: Executor,
  seeded: number,
  user: Pick<UserRecord, 'id' | 'uuid' | 'changeStamp'>,
  zone: string,
  kept: KeptDays | undefined,
): Promise<KeptDays> {
  if (kept !== undefined && kept.uuid === user.uuid && kept.zone === zone && kept.seeded === seeded) {
    if (kept.stamp >= user.changeStamp) return kept;
    const { slots, later } = await activitySlotsSince(db, user.id, kept.lastSlot);
    if (slots === kept.slots + later.length) {
      const days = withDays(
        kept.days,
        later.map((slot) => localDayNumber(slot, zone)),
      );
      return { ...kept, stamp: user.changeStamp, slots, lastSlot: Math.max(kept.lastSlot, ...later), days };
    }
  }
  // Counted before the days are read: a slot opening between the reads is then seen as missing next time.
  const slots = await activitySlotCount(db, user.id);
  return { uuid: user.uuid, seeded, zone, stamp: user.changeStamp, slots, ...(await readDaysStudied(db, user.id, zone)) };
}

/**
 * The whole activity history grouped into local days. The days are kept in `parts` per zone (they
 * change only with the learner's rows) and, across stamps, per learner (daysAtStamp) unless
 * HISTORY_MEMO_LEARNERS is 0; today is the clock's.
 */
export async function studyHistory(
  deps: Deps,
  user: Pick<UserRecord, 'id' | 'uuid' | 'changeStamp' | 'timezone'>,
  now: number,
  parts: HistoryParts,
): Promise<StudyHistory> {
  const db = deps.db.kysely;
  const zone = effectiveZone(user.timezone);
  const days = await parts.get('days studied', zone, async () =>
    deps.config.historyMemoLearners === 0
      ? (await readDaysStudied(db, user.id, zone)).days
      : keptDays.with(
          deps,
          user.id,
          (kept) => daysAtStamp(db, deps.db.seededWrites.count, user, zone, kept),
          (kept) => [...kept.days],
        ),
  );
  return { zone, today: localDayNumber(now, zone), days };
}

export interface DaysStudiedView extends DaysStudied {
  /** When the last day studied began: the body changes only when another day is studied. */
  updatedAt: number | null;
}

function daysStudiedOf(history: StudyHistory): DaysStudiedView {
  const studied = daysStudied(history.days);
  return { ...studied, updatedAt: studied.last === null ? null : dayStartsAt(studied.last, history.zone) };
}

/** GET /days_studied. */
export async function getDaysStudied(deps: Deps, userId: number): Promise<Result<DaysStudiedView>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  return user ? ok(daysStudiedOf(await studyHistory(deps, user, deps.clock.now(), historyParts(deps, user)))) : notFound();
}
