import type { Executor } from '../transaction.js';

/** The subjects' content version: it moves on every write to a subject (see the content_version migration). */
export async function readContentVersion(db: Executor): Promise<number> {
  const row = await db.selectFrom('content_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}
