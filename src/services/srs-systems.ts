import type { SrsSystem } from '../domain/srs/system.js';
import { findSrsSystem } from '../db/repositories/content-facts.js';
import type { Executor } from '../db/transaction.js';

/** The named SRS systems, each read once (content names only a handful). */
export async function systemsByIds(db: Executor, ids: Iterable<number>): Promise<Map<number, SrsSystem>> {
  const systems = new Map<number, SrsSystem>();
  for (const id of new Set(ids)) {
    const system = await findSrsSystem(db, id);
    if (!system) throw new Error(`SRS system ${id} named by a subject is missing`);
    systems.set(id, system);
  }
  return systems;
}

/** A system known to be in the map (every id came from systemsByIds). */
export function systemIn(systems: ReadonlyMap<number, SrsSystem>, id: number): SrsSystem {
  const system = systems.get(id);
  if (!system) throw new Error(`SRS system ${id} was not loaded`);
  return system;
}
