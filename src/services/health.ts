import { pendingMigrations } from '../db/migrator.js';
import { DatabaseUnreachable, pingDatabase } from '../db/reachability.js';
import { countSubjects } from '../db/repositories/subjects.js';
import type { Deps } from './deps.js';

/** How long readiness waits for the database before it says the database is unreachable. */
export const READINESS_DB_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown'; content: 'ok' | 'empty' | 'unknown' };
  /** What is wrong, for the operator; null when ready. */
  reason: string | null;
}

/** Ready means: the database answers, every migration this code knows is applied, and subjects are loaded. */
export async function readiness(deps: Deps): Promise<Readiness> {
  try {
    await pingDatabase(deps.db, READINESS_DB_TIMEOUT_MS);
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    return {
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown', content: 'unknown' },
      reason: `The database is unreachable: ${error.message}`,
    };
  }
  const pending = await pendingMigrations(deps.db);
  const subjects = await countSubjects(deps.db.kysely);
  const checks = { database: 'ok', migrations: pending.length === 0 ? 'ok' : 'pending', content: subjects > 0 ? 'ok' : 'empty' } as const;
  const reason =
    pending.length > 0
      ? `Migrations not applied: ${pending.join(', ')}.`
      : subjects === 0
        ? 'No subjects are loaded (study-service content import).'
        : null;
  return { ready: reason === null, checks, reason };
}
