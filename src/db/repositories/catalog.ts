import type { SrsStage } from '../../domain/srs/system.js';
import type { Cursor, Page } from '../../shared/paging.js';
import type { Executor } from '../transaction.js';
import { pageById, whereIdFilters } from './paging.js';
import type { ResetRecord, SrsSystemRecord, VoiceActorRecord } from '../../domain/model/catalog.js';
import type { IdFilters } from '../../domain/model/filters.js';

export async function pageSrsSystems(db: Executor, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<SrsSystemRecord>> {
  const q = whereIdFilters(db.selectFrom('spaced_repetition_systems'), f);
  const page = await pageById(q, (query) => query.selectAll(), 'id', perPage, cursor);
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

export async function pageVoiceActors(db: Executor, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<VoiceActorRecord>> {
  const q = whereIdFilters(db.selectFrom('voice_actors'), f);
  const page = await pageById(q, (query) => query.selectAll(), 'id', perPage, cursor);
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

export async function pageResets(db: Executor, userId: number, f: IdFilters, perPage: number, cursor: Cursor): Promise<Page<ResetRecord>> {
  const q = whereIdFilters(db.selectFrom('resets').where('user_id', '=', userId), f);
  const page = await pageById(q, (query) => query.selectAll(), 'id', perPage, cursor);
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
