/** The small reference collections: SRS systems, voice actors, resets and level progressions. */

import type { SrsStage } from '../srs/system.js';

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

export interface VoiceActorRecord {
  id: number;
  name: string;
  gender: string;
  description: string;
  createdAt: number;
  updatedAt: number;
}

export interface ResetRecord {
  id: number;
  originalLevel: number;
  targetLevel: number;
  confirmedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface LevelProgressionRecord {
  id: number;
  level: number;
  unlockedAt: number | null;
  startedAt: number | null;
  passedAt: number | null;
  completedAt: number | null;
  abandonedAt: number | null;
  createdAt: number;
  updatedAt: number;
}
