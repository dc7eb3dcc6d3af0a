import { sql } from 'kysely';
import type { SrsSystem, SrsStage } from '../../domain/srs/system.js';
import type { Executor } from '../transaction.js';

/** The highest level present in non-hidden content (the top level; see docs/decisions.md, Level-up); 1 with no content. */
export async function topLevel(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('subjects')
    .select(sql<number | null>`max(level)`.as('level'))
    .where('hidden_at', 'is', null)
    .executeTakeFirst();
  return row?.level ?? 1;
}

/**
 * The SRS systems are seeded by a migration and never changed through the API, so a process reads
 * each once and keeps it: every review needs its system. (A migration that edits them needs a restart.)
 */
const systemCache = new Map<number, SrsSystem>();

/** The SRS system `id` if this process has read it already (findSrsSystem), else undefined. */
export function knownSrsSystem(id: number): SrsSystem | undefined {
  return systemCache.get(id);
}

export async function findSrsSystem(db: Executor, id: number): Promise<SrsSystem | undefined> {
  const cached = systemCache.get(id);
  if (cached) return cached;
  const row = await db.selectFrom('spaced_repetition_systems').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const system: SrsSystem = {
    id: row.id,
    unlockingStage: row.unlocking_stage_position,
    startingStage: row.starting_stage_position,
    passingStage: row.passing_stage_position,
    burningStage: row.burning_stage_position,
    stages: JSON.parse(row.stages) as SrsStage[],
  };
  systemCache.set(id, system);
  return system;
}
