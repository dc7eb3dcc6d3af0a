import type { Executor } from '../transaction.js';

export interface ContentReleaseRow {
  origin: string;
  sha256: string | null;
}

/** Which content the subjects table holds, or null when nothing was ever recorded. */
export async function readContentRelease(db: Executor): Promise<ContentReleaseRow | null> {
  const row = await db.selectFrom('content_release').select(['origin', 'sha256']).where('id', '=', 1).executeTakeFirst();
  return row ?? null;
}

export async function writeContentRelease(db: Executor, release: ContentReleaseRow, now: number): Promise<void> {
  await db
    .insertInto('content_release')
    .values({ id: 1, origin: release.origin, sha256: release.sha256, loaded_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ origin: release.origin, sha256: release.sha256, loaded_at: now }))
    .execute();
}

/** `object` and `characters` of every stored subject by id, to recognise which dataset a database holds. */
export async function subjectIdentities(db: Executor): Promise<Map<number, string>> {
  const rows = await db.selectFrom('subjects').select(['id', 'object', 'characters']).execute();
  return new Map(rows.map((r) => [r.id, `${r.object}:${r.characters ?? ''}`]));
}
