import { sql } from 'kysely';
import { compiledOnce } from '../compiled.js';
import { mapRead, tally, tallyOf, type TallyRead } from '../tallies.js';
import type { Executor } from '../transaction.js';

/** The subjects' content version: it moves on every write to a subject (see the content_version migration). */
export function contentVersionRead(db: Executor): TallyRead<number> {
  return mapRead(tallyOf(tally(db.selectFrom('content_version').where('id', '=', 1), sql`max(version)`)), ([version]) => present(version));
}

function present(version: number | null | undefined): number {
  if (version === null || version === undefined) throw new Error('content_version has no row');
  return Number(version);
}

// Read by every dashboard and every lookup of the subject briefs: the statement is compiled once.
const versionRow = compiledOnce((db) => db.selectFrom('content_version').select('version').where('id', '=', 1));

export async function readContentVersion(db: Executor): Promise<number> {
  return present((await versionRow(db, {})).rows[0]?.version);
}
