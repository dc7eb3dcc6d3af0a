import type { CredentialHashes, CredentialOwner } from '../domain/model/credentials.js';
import {
  findStoredPage,
  ownerWithStoredPage,
  storePageBody,
  storePageEntries,
  trimStoredPages,
  type StoredPage,
  type StoredPageEntry,
} from '../db/repositories/stored-pages.js';
import { inTransaction } from '../db/transaction.js';
import type { Deps } from './deps.js';

export type { StoredPage } from '../db/repositories/stored-pages.js';
/** Hands a stored page's body back to the connection that read it once nothing reads it any more (db/byte-fields.ts). */
export { giveBack as giveBackStoredBody } from '../db/byte-fields.js';

/** The page stored for the learner at `address`, under whatever version, if any (src/http/stored-pages.ts). */
export function findLearnerPage(deps: Deps, userId: number, address: string): Promise<StoredPage | undefined> {
  return findStoredPage(deps.db.kysely, userId, address);
}

/**
 * The learner a credential names at this instant, with the page stored for it at `address` (under
 * whatever version), in one statement; undefined when the credential does not pass.
 */
export function ownerAndLearnerPage(
  deps: Deps,
  hashes: CredentialHashes,
  address: string,
): Promise<{ owner: CredentialOwner; page: StoredPage | undefined } | undefined> {
  return ownerWithStoredPage(deps.db.kysely, hashes, deps.clock.now(), address);
}

/** A page to store: its entry, and its bytes unless they are stored already under its ETag. */
export interface PageToStore {
  entry: Omit<StoredPageEntry, 'storedAt'>;
  body: Buffer | null;
}

/**
 * Stores learners' pages in one transaction (on SQLite it joins the group commit's batch), then,
 * when `budgetBytes` is given, deletes the pages stored longest ago beyond it.
 */
export async function storeLearnerPages(deps: Deps, pages: readonly PageToStore[], budgetBytes: number | null): Promise<void> {
  const storedAt = deps.clock.now();
  await inTransaction(deps.db, async (trx) => {
    for (const { entry, body } of pages) if (body !== null) await storePageBody(trx, entry.userId, entry.etag, body);
    await storePageEntries(
      trx,
      pages.map(({ entry }) => ({ ...entry, storedAt })),
    );
    if (budgetBytes !== null) await trimStoredPages(trx, budgetBytes);
  });
}
