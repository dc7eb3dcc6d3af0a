import type { ExtraStudyKind, StudyItem } from '../../domain/extra-study.js';
import { compiledOnce, type Slots } from '../compiled.js';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { CycleItem, CycleRecord } from '../../domain/model/extra-study.js';

const latest = compiledOnce((db, { userId }: Slots<{ userId: number }>) =>
  db
    .selectFrom('extra_study_cycles as c')
    .selectAll()
    .where('c.user_id', '=', userId)
    .where((eb) =>
      eb(
        'c.id',
        '=',
        eb
          .selectFrom('extra_study_cycles as l')
          .select((inner) => inner.fn.max('l.id').as('id'))
          .where('l.user_id', '=', userId)
          .whereRef('l.kind', '=', 'c.kind'),
      ),
    ),
);

/** The user's latest cycle of each kind that has one. */
export async function latestCycles(db: Executor, userId: number): Promise<Map<ExtraStudyKind, CycleRecord>> {
  const { rows } = await latest(db, { userId });
  return new Map(
    rows.map((r) => [
      r.kind as ExtraStudyKind,
      {
        id: r.id,
        kind: r.kind as ExtraStudyKind,
        capped: r.capped === 1,
        total: r.total,
        openedAt: r.opened_at,
        finishedAt: r.finished_at,
      },
    ]),
  );
}

/** Opens a cycle with its frozen item list, in the set's order. */
export async function insertCycle(
  db: Executor,
  userId: number,
  kind: ExtraStudyKind,
  items: readonly StudyItem[],
  capped: boolean,
  now: number,
  stamp: number,
): Promise<CycleRecord> {
  const { id } = await db
    .insertInto('extra_study_cycles')
    .values({ user_id: userId, kind, capped: capped ? 1 : 0, total: items.length, opened_at: now, finished_at: null, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = items.map((item, position) => ({
    cycle_id: id,
    user_id: userId,
    assignment_id: item.assignmentId,
    subject_id: item.subjectId,
    position,
    done_at: null,
  }));
  for (const part of chunks(rows, 200)) await db.insertInto('extra_study_items').values(part).execute();
  return { id, kind, capped, total: items.length, openedAt: now, finishedAt: null };
}

export async function cycleItems(db: Executor, userId: number, cycleId: number): Promise<CycleItem[]> {
  const rows = await db
    .selectFrom('extra_study_items')
    .select(['assignment_id', 'subject_id', 'done_at'])
    .where('user_id', '=', userId)
    .where('cycle_id', '=', cycleId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ assignmentId: r.assignment_id, subjectId: r.subject_id, doneAt: r.done_at }));
}

/** Marks an item of the cycle done once; a second call keeps the first time. */
export async function markItemDone(db: Executor, userId: number, cycleId: number, assignmentId: number, now: number): Promise<void> {
  await db
    .updateTable('extra_study_items')
    .set({ done_at: now })
    .where('user_id', '=', userId)
    .where('cycle_id', '=', cycleId)
    .where('assignment_id', '=', assignmentId)
    .where('done_at', 'is', null)
    .execute();
}

export async function finishCycle(db: Executor, userId: number, cycleId: number, now: number, stamp: number): Promise<void> {
  await db
    .updateTable('extra_study_cycles')
    .set({ finished_at: now, updated_at: stamp })
    .where('user_id', '=', userId)
    .where('id', '=', cycleId)
    .where('finished_at', 'is', null)
    .execute();
}
