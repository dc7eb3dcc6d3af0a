import type { Migration } from 'kysely';
import * as initial from './2026-11-21T000000_initial.js';

/** Every migration, by name; names sort in the order they apply. Forward-only. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T000000_initial': initial,
};
