import { compareByUnlock, projectedUnlockAt, type ComponentState } from '../domain/progression/projection.js';
import {
  chosenSubjects,
  nextLevelTranche,
  trancheOf,
  type AdvanceOutcome,
  type Tranche,
  type TrancheBlock,
} from '../domain/progression/tranche.js';
import type { SubjectType } from '../domain/subjects.js';
import { countPendingLessons, insertUnlockedAssignments, unlockableSubjects } from '../db/repositories/assignments.js';
import { componentProgress } from '../db/repositories/components.js';
import { topLevel } from '../db/repositories/content-facts.js';
import { levelProgressByType } from '../db/repositories/progress.js';
import { subjectBriefs } from '../db/repositories/briefs.js';
import { findUserById } from '../db/repositories/users.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import { currentLevel, levelFacts, openLevel } from './levels.js';
import { systemIn, systemsByIds } from './srs-systems.js';
import type { UnlockTarget } from '../domain/model/assignments.js';
import type { UserRecord } from '../domain/model/users.js';

export interface Candidate {
  subjectId: number;
  object: SubjectType;
  level: number;
  characters: string | null;
  slug: string;
  meanings: { meaning: string; primary: boolean }[];
  unlocksAt: number | null;
}

export interface Unlockable {
  pending: number;
  blocked: TrancheBlock | null;
  candidates: Candidate[];
}

interface Plan {
  level: number;
  pending: number;
  tranche: Tranche<UnlockTarget>;
}

/** The tranche rule (see docs/decisions.md, Advance ahead of schedule) over the user's rows as they stand; the next level is read only when it decides. */
async function planTranche(db: Executor, user: UserRecord): Promise<Plan> {
  const level = await currentLevel(db, user);
  const [pending, atOrBelowLevel, top] = await Promise.all([
    countPendingLessons(db, user.id, level),
    unlockableSubjects(db, user.id, { maxLevel: level, prerequisite: 'started' }),
    topLevel(db),
  ]);
  const own = trancheOf({ pendingLessons: pending, atOrBelowLevel, atTopLevel: level >= top });
  if (own !== 'next_level') return { level, pending, tranche: own };
  const [byType, subjects] = await Promise.all([
    levelProgressByType(db, user.id, level),
    unlockableSubjects(db, user.id, { level: level + 1, prerequisite: 'started' }),
  ]);
  return { level, pending, tranche: nextLevelTranche({ levelStarted: levelFacts(byType, 'started'), subjects }) };
}

/** The tranche's subjects as candidates, each with its projected unlocks_at, in the API's order. */
async function describeCandidates(db: Executor, userId: number, subjects: readonly UnlockTarget[], now: number): Promise<Candidate[]> {
  const ids = subjects.map((s) => s.id);
  const [briefs, components] = await Promise.all([subjectBriefs(db, ids), componentProgress(db, userId, ids)]);
  const systems = await systemsByIds(
    db,
    components.map((c) => c.srsId),
  );
  const componentsOf = new Map<number, ComponentState[]>();
  for (const c of components) {
    const list = componentsOf.get(c.subjectId) ?? [];
    list.push({
      srsStage: c.srsStage,
      startedAt: c.startedAt,
      passedAt: c.passedAt,
      availableAt: c.availableAt,
      system: systemIn(systems, c.srsId),
    });
    componentsOf.set(c.subjectId, list);
  }
  return subjects
    .flatMap((s) => {
      const data = briefs.get(s.id);
      if (!data) return [];
      return [
        {
          subjectId: s.id,
          object: s.object,
          level: s.level,
          characters: data.characters,
          slug: data.slug,
          meanings: data.meanings.map((m) => ({ meaning: m.meaning, primary: m.primary })),
          unlocksAt: projectedUnlockAt(componentsOf.get(s.id) ?? [], now),
        },
      ];
    })
    .sort(compareByUnlock);
}

/** GET /unlockable: what POST /advance would open now, read-only. Blocked means no candidates. */
export async function getUnlockable(deps: Deps, userId: number): Promise<Result<Unlockable>> {
  const db = deps.db.kysely;
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  const { pending, tranche } = await planTranche(db, user);
  if (tranche.blocked !== null) return ok({ pending, blocked: tranche.blocked, candidates: [] });
  return ok({ pending, blocked: null, candidates: await describeCandidates(db, userId, tranche.subjects, deps.clock.now()) });
}

export interface AdvanceResult {
  outcome: AdvanceOutcome;
  unlocked: number;
  level: number;
  pending: number;
  reason: TrancheBlock | null;
  /** When the write was answered (the report's data_updated_at, so a replayed answer is identical). */
  at: number;
}

/**
 * POST /advance: recomputes the tranche and opens it (all of it, or the listed ids in it), one
 * tranche per call, in one transaction under the user's lock so concurrent calls open one tranche.
 * Opening the next level's tranche levels up: the level opens as a level-up opens one (its progression and
 * its unlocks; see docs/decisions.md, Level-up and Unlocks) besides the chosen subjects.
 */
export async function advance(
  deps: Deps,
  userId: number,
  listed: readonly number[] | undefined,
  idempotency?: IdempotentRequest,
): Promise<Result<AdvanceResult>> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async ({ trx, now, stamp }) => {
      const user = await findUserById(trx, userId);
      if (!user) return notFound();
      const { level, pending, tranche } = await planTranche(trx, user);
      const nothing = (reason: TrancheBlock) => ok<AdvanceResult>({ outcome: 'nothing', unlocked: 0, level, pending, reason, at: now });
      if (tranche.blocked !== null) return nothing(tranche.blocked);
      const chosen = chosenSubjects(tranche.subjects, listed);
      if (chosen.length === 0) return nothing('nothing_to_unlock');
      await insertUnlockedAssignments(trx, userId, chosen, now, stamp());
      if (!tranche.levelsUp) return ok({ outcome: 'unlocked', unlocked: chosen.length, level, pending, reason: null, at: now });
      const openedByLevel = await openLevel(trx, userId, level + 1, now, stamp());
      return ok({ outcome: 'levelled_up', unlocked: chosen.length + openedByLevel, level: level + 1, pending, reason: null, at: now });
    },
    idempotency,
  );
}
