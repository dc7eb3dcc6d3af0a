import { sql, type OnConflictBuilder, type QueryCreator } from 'kysely';
import { activitySlot } from '../../domain/calendar/activity.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Database } from '../schema.js';
import { mapRead, readTally, tally, tallyOf, type TallyRead } from '../tallies.js';
import type { Executor } from '../transaction.js';
import type { ActivityTotals } from '../../domain/model/activity.js';

export interface ActivityValues {
  userId: number;
  slot: number;
  reviews: number;
  correct: number;
  lessons: number;
}

/** A slot's counters to add. */
export function activityRow(v: Slots<ActivityValues>) {
  return { user_id: v.userId, slot: v.slot, reviews: v.reviews, correct: v.correct, lessons: v.lessons };
}

/** What an insert of activityRow does when the slot has counters already: adds to them. */
export function addingToSlot(oc: OnConflictBuilder<Database, 'study_activity'>) {
  return oc.columns(['user_id', 'slot']).doUpdateSet((eb) => ({
    reviews: eb('study_activity.reviews', '+', eb.ref('excluded.reviews')),
    correct: eb('study_activity.correct', '+', eb.ref('excluded.correct')),
    lessons: eb('study_activity.lessons', '+', eb.ref('excluded.lessons')),
  }));
}

/** Adds to a slot's counters. */
export function activityAddition(db: QueryCreator<Database>, v: Slots<ActivityValues>) {
  return db.insertInto('study_activity').values(activityRow(v)).onConflict(addingToSlot);
}

const addActivity = compiledOnce(activityAddition);

/** Adds to the user's activity counters of the slot holding `at`. */
export async function recordActivity(
  db: Executor,
  userId: number,
  at: number,
  delta: { reviews?: number; correct?: number; lessons?: number },
): Promise<void> {
  await addActivity(db, {
    userId,
    slot: activitySlot(at),
    reviews: delta.reviews ?? 0,
    correct: delta.correct ?? 0,
    lessons: delta.lessons ?? 0,
  });
}

/** Sums the activity of the slots in [from, to); callers pass slot-aligned bounds such as local midnights. */
export function activityBetweenRead(db: Executor, userId: number, from: number, to: number): TallyRead<ActivityTotals> {
  const slots = db.selectFrom('study_activity').where('user_id', '=', userId).where('slot', '>=', from).where('slot', '<', to);
  return mapRead(tallyOf(tally(slots, sql`sum(reviews)`, sql`sum(correct)`, sql`sum(lessons)`)), ([reviews, correct, lessons]) => ({
    reviews: reviews ?? 0,
    correct: correct ?? 0,
    lessons: lessons ?? 0,
  }));
}

export async function activityBetween(db: Executor, userId: number, from: number, to: number): Promise<ActivityTotals> {
  return readTally(activityBetweenRead(db, userId, from, to));
}
