import type { SrsStage } from '../../domain/srs/system.js';
import type { Cursor, Page } from '../../shared/paging.js';
import type { Executor } from '../transaction.js';
import { pageById, whereIdFilters, type IdFilters } from './paging.js';

/** Read-only shared catalogue rows: SRS systems and voice actors. */
export interface SrsSystemRecord {
  id: number;
  name: string;
  description: string;
  unlockingStage: number;
  startingStage: number;
  passingStage: number;
  burningStage: number;
  stages: SrsStage[];
  createdAt: number;
  updatedAt: number;
}

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

export interface VoiceActorRecord {
  id: number;
  name: string;
  gender: string;
  description: string;
  createdAt: number;
  updatedAt: number;
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

export interface ResetRecord {
  id: number;
  originalLevel: number;
  targetLevel: number;
  confirmedAt: number | null;
  createdAt: number;
  updatedAt: number;
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
