import { sql } from 'kysely';
import { edgeRanges, windowSlots, type WindowSlots } from '../../domain/calendar/activity.js';
import type { DayActivity, OffsetSpan } from '../../domain/calendar/day-numbers.js';
import { DAY_MS } from '../../shared/time.js';
import { combine, known, mapRead, readTally, tally, tallyOf, type TallyRead } from '../tallies.js';
import type { Executor } from '../transaction.js';
import { activityBetweenRead } from './activity.js';
import { compiledOnce, compiledPerShape, type Slots } from '../compiled.js';
import type { WindowReads } from '../../domain/review-totals.js';
import type { ReviewTotals } from '../../domain/model/activity.js';

/** The first and last activity slot of the user; null before any study. */
export function activityRangeRead(db: Executor, userId: number): TallyRead<{ first: number; last: number } | null> {
  const slots = db.selectFrom('study_activity').where('user_id', '=', userId);
  // Two parts: SQLite reads a lone min() or max() from one end of the key, but scans every slot
  // of the learner for both in one select (0.7 ms for two years of study: bench/README.md, fifth pass).
  return combine([tallyOf(tally(slots, sql`min(slot)`)), tallyOf(tally(slots, sql`max(slot)`))], ([[first], [last]]) =>
    first === null || last === null ? null : { first, last },
  );
}

export async function activityRange(db: Executor, userId: number): Promise<{ first: number; last: number } | null> {
  return readTally(activityRangeRead(db, userId));
}

/** The local day of `slot` within spans of constant offset: floor((slot + offset) / day), slots never before 1970. */
function localDayOf(spans: readonly OffsetSpan[]) {
  const offset = sql.join(
    spans.map((s) => sql`when slot < ${s.until} then cast(${s.offsetMs} as bigint)`),
    sql` `,
  );
  return sql<number>`(slot + case ${offset} end) / ${sql.lit(DAY_MS)}`;
}

function slotsOver(db: Executor, userId: number, spans: readonly OffsetSpan[]) {
  const from = spans[0]?.from ?? 0;
  const until = spans[spans.length - 1]?.until ?? 0;
  return db.selectFrom('study_activity').where('user_id', '=', userId).where('slot', '>=', from).where('slot', '<', until);
}

/**
 * The local days with study over the instants the spans cover, ascending. The database groups the
 * slots (years of history are thousands of them) from its primary key alone: a slot row exists
 * only once a review or lesson was recorded in it.
 */
export async function localDaysStudied(db: Executor, userId: number, spans: readonly OffsetSpan[]): Promise<number[]> {
  const rows = await slotsOver(db, userId, spans)
    .select(localDayOf(spans).as('day'))
    .distinct()
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => Number(r.day));
}

/** Reviews and lessons per local day over the instants the spans cover, ascending, days without study left out. */
export async function activityByLocalDay(db: Executor, userId: number, spans: readonly OffsetSpan[]): Promise<DayActivity[]> {
  const rows = await slotsOver(db, userId, spans)
    .select([localDayOf(spans).as('day'), sql<number>`sum(reviews)`.as('reviews'), sql<number>`sum(lessons)`.as('lessons')])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({ day: Number(r.day), reviews: Number(r.reviews), lessons: Number(r.lessons) }));
}

function countReviewsRead(db: Executor, userId: number, from: number, until: number): TallyRead<ReviewTotals> {
  if (from >= until) return known({ reviews: 0, correct: 0 });
  const reviews = db.selectFrom('reviews').where('user_id', '=', userId).where('created_at', '>=', from).where('created_at', '<', until);
  return mapRead(tallyOf(tally(reviews, sql`count(*)`, sql`sum(correct)`)), ([count, correct]) => ({
    reviews: count ?? 0,
    correct: correct ?? 0,
  }));
}

/**
 * Reviews and first-time-right reviews stamped in [from, until), exactly (windowSlots): the whole
 * activity slots inside the window are summed from study_activity (a few thousand rows even for
 * years of history) and only the partial slots at either edge are counted from the review log.
 */
export function reviewTotalsRead(db: Executor, userId: number, from: number, until: number): TallyRead<ReviewTotals> {
  const { innerFrom, innerUntil } = windowSlots(from, until);
  if (innerFrom >= innerUntil) return countReviewsRead(db, userId, from, until);
  return combine(
    [
      activityBetweenRead(db, userId, innerFrom, innerUntil),
      countReviewsRead(db, userId, from, innerFrom),
      countReviewsRead(db, userId, innerUntil, until),
    ],
    ([inner, head, tail]) => ({
      reviews: inner.reviews + head.reviews + tail.reviews,
      correct: inner.correct + head.correct + tail.correct,
    }),
  );
}

/** The instants [from, until) of one range of a window's reads. */
interface Range {
  from: number;
  until: number;
}

/** The shapes windowReads' statement takes: whole slots inside the window or none, times one edge range or two (edgeRanges). */
const WINDOW_STATEMENT_SHAPES = 4;

/**
 * windowReads' one statement: a row of the inner slots' counters (`at` null) when the window has
 * whole slots, then every review of each edge range (its instant in `at`).
 */
const windowStatement = compiledPerShape(
  (db, _fixed, { userId, inner, edges }: { userId: number; inner: Range | null; edges: Range[] }) => {
    const innerRow =
      inner === null
        ? null
        : db
            .selectFrom('study_activity')
            .select([
              sql<number | null>`null`.as('at'),
              sql<number | null>`sum(reviews)`.as('reviews'),
              sql<number | null>`sum(correct)`.as('correct'),
            ])
            .where('user_id', '=', userId)
            .where('slot', '>=', inner.from)
            .where('slot', '<', inner.until);
    const edgeRows = edges.map(({ from, until }) =>
      db
        .selectFrom('reviews')
        .select([
          sql<number | null>`created_at`.as('at'),
          sql<number | null>`null`.as('reviews'),
          sql<number | null>`correct`.as('correct'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', from)
        .where('created_at', '<', until),
    );
    const [first, ...rest] = innerRow === null ? edgeRows : [innerRow, ...edgeRows];
    return rest.reduce((all, part) => all.unionAll(part), first!).compile();
  },
  WINDOW_STATEMENT_SHAPES,
);

/**
 * What a window's review totals are worked out from while its slots stay the same
 * (reviewTotalsWithin): the counters of its whole slots and every review of its edge slots, read
 * by one statement instead of three (the first dashboard after a write reads four windows at once,
 * more statements than the pool has connections: bench/README.md, "Ninth pass").
 */
export async function windowReads(db: Executor, userId: number, slots: WindowSlots): Promise<WindowReads> {
  const { innerFrom, innerUntil } = slots;
  const inner = innerFrom < innerUntil ? { from: innerFrom, until: innerUntil } : null;
  const { rows } = await windowStatement(db, '', { userId, inner, edges: edgeRanges(slots) });
  const totals = { reviews: 0, correct: 0 };
  const edges: WindowReads['edges'][number][] = [];
  for (const row of rows) {
    if (row.at === null) {
      totals.reviews = Number(row.reviews ?? 0);
      totals.correct = Number(row.correct ?? 0);
    } else edges.push({ at: Number(row.at), correct: Number(row.correct) });
  }
  return { slots, inner: totals, edges };
}

const slotCount = compiledOnce((db, { userId }: Slots<{ userId: number }>) =>
  db
    .selectFrom('study_activity')
    .select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId),
);

/** How many activity slots the learner has: no write deletes one, so a new slot raises it. */
export async function activitySlotCount(db: Executor, userId: number): Promise<number> {
  const { rows } = await slotCount(db, { userId });
  return Number(rows[0]?.n ?? 0);
}

const slotCountAndSlotsAfter = compiledOnce((db, { userId, after }: Slots<{ userId: number; after: number }>) =>
  db
    .selectFrom('study_activity')
    .select([sql<number | null>`count(*)`.as('n'), sql<number | null>`null`.as('slot')])
    .where('user_id', '=', userId)
    .unionAll(
      db
        .selectFrom('study_activity')
        .select([sql<number | null>`null`.as('n'), 'slot'])
        .where('user_id', '=', userId)
        .where('slot', '>', after),
    ),
);

/**
 * How many activity slots the learner has, and those after `after`, as of one read: the days
 * studied are moved by the slots after the last one kept only when the count grew by exactly
 * those, which holds only if both are seen at once (one statement: one snapshot, one round trip).
 */
export async function activitySlotsSince(db: Executor, userId: number, after: number): Promise<{ slots: number; later: number[] }> {
  const { rows } = await slotCountAndSlotsAfter(db, { userId, after });
  let slots = 0;
  const later: number[] = [];
  for (const { n, slot } of rows) {
    if (n !== null) slots = Number(n);
    else later.push(Number(slot));
  }
  return { slots, later };
}
