import { expect, it } from 'vitest';
import { activityBetween, activityBetweenRead, recordActivity } from '../../src/db/repositories/activity.js';
import { highestLevel, highestLevelRead } from '../../src/db/repositories/level-progressions.js';
import { activityRange, activityRangeRead } from '../../src/db/repositories/stats.js';
import { known, readTallies } from '../../src/db/tallies.js';
import { DAY_MS, HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0 } from '../support/app.js';
import { createLearner } from '../support/factories.js';

describeEachEngine('single-row aggregates read together (src/db/tallies.ts)', (t) => {
  it('gives each read the value its own statement gives, in order, empty aggregates included', async () => {
    const app = t();
    const db = app.deps.db.kysely;
    const alice = await createLearner(app.deps, 'alice');
    const bob = await createLearner(app.deps, 'bob');
    await recordActivity(db, alice.userId, T0, { reviews: 3, correct: 2 });
    await recordActivity(db, alice.userId, T0 + 2 * HOUR_MS, { lessons: 5 });
    await recordActivity(db, bob.userId, T0 + HOUR_MS, { reviews: 7, correct: 7 });

    const reads = (userId: number) =>
      [
        activityBetweenRead(db, userId, T0 - DAY_MS, T0 + DAY_MS),
        highestLevelRead(db, userId),
        known('as given'),
        activityRangeRead(db, userId),
        activityBetweenRead(db, userId, T0 + DAY_MS, T0 + 2 * DAY_MS),
      ] as const;
    for (const user of [alice, bob]) {
      const alone = [
        await activityBetween(db, user.userId, T0 - DAY_MS, T0 + DAY_MS),
        await highestLevel(db, user.userId),
        'as given',
        await activityRange(db, user.userId),
        await activityBetween(db, user.userId, T0 + DAY_MS, T0 + 2 * DAY_MS),
      ];
      expect(await readTallies(reads(user.userId))).toEqual(alone);
    }
    const [aliceDay, aliceLevel, , aliceRange, aliceEmpty] = await readTallies(reads(alice.userId));
    expect(aliceDay).toEqual({ reviews: 3, correct: 2, lessons: 5 });
    expect(aliceLevel).toEqual({ level: 1, updatedAt: expect.any(Number) });
    expect(aliceRange).not.toBeNull();
    expect(aliceEmpty).toEqual({ reviews: 0, correct: 0, lessons: 0 });
    // Nothing to read: no statement.
    expect(await readTallies([known(1), known(2)])).toEqual([1, 2]);
  });
});
