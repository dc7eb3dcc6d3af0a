import { expect, it } from 'vitest';
import { compiledInsert, compiledOnce, compiledPerShape, type Slots } from '../../src/db/compiled.js';
import type { Executor } from '../../src/db/transaction.js';
import { recordActivity } from '../../src/db/repositories/activity.js';
import { inTransaction } from '../../src/db/transaction.js';
import { activitySlot } from '../../src/domain/calendar/activity.js';
import { describeEachEngine, T0 } from '../support/app.js';
import { createLearner } from '../support/factories.js';

// A constant between two slots: each call's values must land in their own places, the constant in its.
const slotsFrom = compiledOnce((db, { userId, from }: Slots<{ userId: number; from: number }>) =>
  db
    .selectFrom('study_activity')
    .select(['slot', 'reviews'])
    .where('user_id', '=', userId)
    .where('lessons', '=', 0)
    .where('slot', '>=', from)
    .orderBy('slot'),
);

interface ActivityFilter {
  userId: number;
  slots?: number[];
  lessons?: boolean;
  from?: { slot: number };
}

// A statement whose form follows its values: an optional list, a branch on a boolean, a nested value.
function activityQuery(db: Executor, f: ActivityFilter) {
  let q = db.selectFrom('study_activity').select(['slot', 'reviews']).where('user_id', '=', f.userId);
  if (f.slots) q = q.where('slot', 'in', f.slots);
  if (f.lessons !== undefined) q = q.where('lessons', f.lessons ? '>' : '=', 0);
  if (f.from) q = q.where('slot', '>=', f.from.slot);
  return q.orderBy('slot');
}

// At most two shapes kept, so the test also runs a shape again after it was dropped.
const activityPerShape = compiledPerShape((db, _fixed, f: ActivityFilter) => activityQuery(db, f).compile(), 2);

// Columns in another order than the table's, so a value in the wrong place shows.
const insertVoiceActors = compiledInsert('voice_actors', ['name', 'id', 'gender', 'description', 'created_at', 'updated_at']);

describeEachEngine('statements compiled once (src/db/compiled.ts)', (t) => {
  it('run with each call’s values, inside and outside transactions, as the statement built anew would', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    const slot = activitySlot(T0);
    const next = activitySlot(T0 + 60 * 60_000);
    await recordActivity(app.deps.db.kysely, alice.userId, T0, { reviews: 1 });
    await recordActivity(app.deps.db.kysely, alice.userId, T0 + 60 * 60_000, { reviews: 2 });
    await recordActivity(app.deps.db.kysely, alice.userId, T0 + 60 * 60_000, { reviews: 1, correct: 1 });
    await recordActivity(app.deps.db.kysely, bob.userId, T0, { reviews: 5 });
    await recordActivity(app.deps.db.kysely, bob.userId, T0 + 2 * 60 * 60_000, { lessons: 1 });

    const rows = async (userId: number, from: number) => (await slotsFrom(app.deps.db.kysely, { userId, from })).rows;
    expect(await rows(alice.userId, 0)).toEqual([
      { slot, reviews: 1 },
      { slot: next, reviews: 3 },
    ]);
    expect(await rows(alice.userId, next)).toEqual([{ slot: next, reviews: 3 }]);
    // Bob's lesson slot is left out by the constant.
    expect(await rows(bob.userId, 0)).toEqual([{ slot, reviews: 5 }]);
    const inside = await inTransaction(app.deps.db, async (trx) => (await slotsFrom(trx, { userId: bob.userId, from: 0 })).rows);
    expect(inside).toEqual([{ slot, reviews: 5 }]);
  });

  it('run in a transaction on its connection: they see its writes, are undone with it, and are refused once it is over', async () => {
    const app = t();
    const alice = await createLearner(app.deps, 'alice');
    const slot = activitySlot(T0);
    const { db } = app.deps;
    const undone = inTransaction(db, async (trx) => {
      await recordActivity(trx, alice.userId, T0, { reviews: 2 });
      expect((await slotsFrom(trx, { userId: alice.userId, from: 0 })).rows).toEqual([{ slot, reviews: 2 }]);
      throw new Error('undo');
    });
    await expect(undone).rejects.toThrow('undo');
    expect((await slotsFrom(db.kysely, { userId: alice.userId, from: 0 })).rows).toEqual([]);

    let kept: Executor | undefined;
    await inTransaction(db, async (trx) => {
      kept = trx;
      await recordActivity(trx, alice.userId, T0, { reviews: 3 });
    });
    expect((await slotsFrom(db.kysely, { userId: alice.userId, from: 0 })).rows).toEqual([{ slot, reviews: 3 }]);
    const after = async () => slotsFrom(kept!, { userId: alice.userId, from: 0 });
    await expect(after()).rejects.toThrow('Transaction is already committed');
  });

  it('insert each call’s rows, whatever their number, in their columns, inside and outside transactions', async () => {
    const app = t();
    const db = app.deps.db.kysely;
    const actor = (id: number) => [
      `actor ${id}`,
      id,
      id % 2 === 0 ? 'female' : 'male',
      id === 903 ? '' : `voice ${id}`,
      T0 + id,
      T0 + 2 * id,
    ];
    await insertVoiceActors(db, [actor(901), actor(902)]);
    await insertVoiceActors(db, [actor(903)]);
    await inTransaction(app.deps.db, (trx) => insertVoiceActors(trx, [actor(904), actor(905)]));
    await insertVoiceActors(db, []);
    const stored = await db
      .selectFrom('voice_actors')
      .select(['name', 'id', 'gender', 'description', 'created_at', 'updated_at'])
      .where('id', '>', 900)
      .orderBy('id')
      .execute();
    expect(stored.map((r) => [r.name, r.id, r.gender, r.description, r.created_at, r.updated_at])).toEqual(
      [901, 902, 903, 904, 905].map(actor),
    );
  });

  it('run each shape of values, lists of any length and booleans, as the statement built anew would', async () => {
    const app = t();
    const db = app.deps.db.kysely;
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    const hour = 60 * 60_000;
    for (let i = 0; i < 4; i += 1) await recordActivity(db, alice.userId, T0 + i * hour, { reviews: i + 1, lessons: i % 2 });
    await recordActivity(db, bob.userId, T0, { reviews: 9 });
    const slot = (i: number) => activitySlot(T0 + i * hour);
    const filters: ActivityFilter[] = [
      { userId: alice.userId },
      { userId: bob.userId },
      { userId: alice.userId, slots: [slot(1)] },
      { userId: alice.userId, slots: [slot(0), slot(2), slot(3)] },
      { userId: alice.userId, slots: [slot(3), slot(2)] },
      { userId: alice.userId, lessons: true },
      { userId: alice.userId, lessons: false },
      { userId: alice.userId, lessons: true, from: { slot: slot(2) } },
      { userId: bob.userId, slots: [slot(0)], lessons: false, from: { slot: slot(0) } },
      { userId: alice.userId, slots: [slot(1)] },
      { userId: alice.userId },
    ];
    for (const f of filters) {
      const built = await activityQuery(db, f).execute();
      expect(built.length).toBeGreaterThan(0);
      expect((await activityPerShape(db, app.deps.db.engine, f)).rows, JSON.stringify(f)).toEqual(built);
      const inside = await inTransaction(app.deps.db, async (trx) => (await activityPerShape(trx, app.deps.db.engine, f)).rows);
      expect(inside).toEqual(built);
    }
  });
});
