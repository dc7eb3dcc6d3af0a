import type { SrsStage } from '../../domain/srs/system.js';
import type { Cursor, Page } from '../../shared/paging.js';
import type { Selectable } from 'kysely';
import type { Db } from '../connect.js';
import { columnsOf } from '../json-rows.js';
import type { SpacedRepetitionSystemsTable, VoiceActorsTable } from '../tables/content.js';
import type { ResetsTable } from '../tables/study.js';
import type { Executor } from '../transaction.js';
import { pageById, whereIdFilters } from './paging.js';
import type { ResetRecord, SrsSystemRecord, VoiceActorRecord } from '../../domain/model/catalog.js';
import type { IdFilters } from '../../domain/model/filters.js';
import type { VoiceActorFacts } from '../../domain/voice-actors.js';

const SRS_SYSTEM_COLUMNS = columnsOf<SpacedRepetitionSystemsTable>({
  id: true,
  name: true,
  description: true,
  unlocking_stage_position: true,
  starting_stage_position: true,
  passing_stage_position: true,
  burning_stage_position: true,
  stages: true,
  created_at: true,
  updated_at: true,
});
const VOICE_ACTOR_COLUMNS = columnsOf<VoiceActorsTable>({
  id: true,
  name: true,
  gender: true,
  description: true,
  created_at: true,
  updated_at: true,
});
const RESET_COLUMNS = columnsOf<ResetsTable>({
  id: true,
  user_id: true,
  original_level: true,
  target_level: true,
  confirmed_at: true,
  created_at: true,
  updated_at: true,
});

export async function pageSrsSystems(db: Db, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<SrsSystemRecord>> {
  const q = whereIdFilters(db.kysely.selectFrom('spaced_repetition_systems'), f);
  const page = await pageById<Selectable<SpacedRepetitionSystemsTable>>(db, { filtered: q, columns: SRS_SYSTEM_COLUMNS }, perPage, cursor);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      unlockingStage: r.unlocking_stage_position,
      startingStage: r.starting_stage_position,
      passingStage: r.passing_stage_position,
      burningStage: r.burning_stage_position,
      stages: JSON.parse(r.stages) as SrsStage[],
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
}

export async function pageVoiceActors(db: Db, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<VoiceActorRecord>> {
  const q = whereIdFilters(db.kysely.selectFrom('voice_actors'), f);
  const page = await pageById<Selectable<VoiceActorsTable>>(db, { filtered: q, columns: VOICE_ACTOR_COLUMNS }, perPage, cursor);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      gender: r.gender,
      description: r.description,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
}

export async function pageResets(db: Db, userId: number, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<ResetRecord>> {
  const q = whereIdFilters(db.kysely.selectFrom('resets').where('user_id', '=', userId), f);
  const page = await pageById<Selectable<ResetsTable>>(db, { filtered: q, columns: RESET_COLUMNS }, perPage, cursor);
  return {
    ...page,
    rows: page.rows.map((r) => ({
      id: r.id,
      originalLevel: r.original_level,
      targetLevel: r.target_level,
      confirmedAt: r.confirmed_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    })),
  };
}

/** The voice actors' ids, ascending, and the newest change of the catalogue (null when empty). */
export async function voiceActorCatalogue(db: Executor): Promise<{ ids: number[]; updatedAt: number | null }> {
  const rows = await db.selectFrom('voice_actors').select(['id', 'updated_at']).orderBy('id').execute();
  return { ids: rows.map((r) => r.id), updatedAt: rows.length === 0 ? null : Math.max(...rows.map((r) => Number(r.updated_at))) };
}

/** Adds the voice actors not yet known and updates those described differently (their updated_at moves). */
export async function upsertVoiceActors(db: Executor, actors: readonly VoiceActorFacts[], now: number): Promise<void> {
  if (actors.length === 0) return;
  const existing = new Map(
    (
      await db
        .selectFrom('voice_actors')
        .selectAll()
        .where(
          'id',
          'in',
          actors.map((a) => a.id),
        )
        .execute()
    ).map((r) => [r.id, r]),
  );
  for (const actor of actors) {
    const row = existing.get(actor.id);
    const facts = { name: actor.name, gender: actor.gender, description: actor.description };
    if (row === undefined) {
      await db
        .insertInto('voice_actors')
        .values({ id: actor.id, ...facts, created_at: now, updated_at: now })
        .execute();
    } else if (row.name !== actor.name || row.gender !== actor.gender || row.description !== actor.description) {
      await db
        .updateTable('voice_actors')
        .set({ ...facts, updated_at: now })
        .where('id', '=', actor.id)
        .execute();
    }
  }
}
