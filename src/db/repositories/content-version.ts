import { sql } from 'kysely';
import { mapRead, readTally, tally, tallyOf, type TallyRead } from '../tallies.js';
import type { Executor } from '../transaction.js';

/** The subjects' content version: it moves on every write to a subject (see the content_version migration). */
export function contentVersionRead(db: Executor): TallyRead<number> {
  return mapRead(tallyOf(tally(db.selectFrom('content_version').where('id', '=', 1), sql`max(version)`)), ([version]) => {
    if (version === null) throw new Error('content_version has no row');
    return version;
  });
}

export async function readContentVersion(db: Executor): Promise<number> {
  return readTally(contentVersionRead(db));
}
