import { sql, type Compilable, type Expression } from 'kysely';
import { readingBytes } from '../byte-fields.js';
import type { CredentialHashes, CredentialOwner } from '../../domain/model/credentials.js';
import { compiledOnce, compiledPerShape, type Slots } from '../compiled.js';
import type { PageBounds, StoredPage } from '../../shared/paging.js';
import type { Executor } from '../transaction.js';
import { contentVersionColumn, credentialUserId } from './credentials.js';

export type { StoredPage } from '../../shared/paging.js';

/**
 * Starts the text of a statement reading a stored page (storedPageAt): its body arrives as bytes on
 * PostgreSQL too (src/db/byte-fields.ts), as it is served as the bytes it is, and node-postgres
 * would decode its 150-215 KB as text, to be encoded back.
 */
export const BODY_AS_BYTES = readingBytes(['body']);

function bodyAsBytes<R>(query: Compilable<R>): Compilable<R> {
  return {
    compile: () => {
      const compiled = query.compile();
      return { ...compiled, sql: `${BODY_AS_BYTES}${compiled.sql}` };
    },
  };
}

const findStatement = compiledOnce((db: Executor, values: { userId: number; address: string }) =>
  bodyAsBytes(storedPageAt(db, values.userId, values.address)),
);

/** The page stored for the learner at `address`, under whatever version (if its bytes are still stored). */
export async function findStoredPage(db: Executor, userId: number, address: string): Promise<StoredPage | undefined> {
  const row = (await findStatement(db, { userId, address })).rows[0];
  return row === undefined ? undefined : storedPageOf(row);
}

/** The stored page's columns of a row that read it (storedPageAt), null where no page is stored. */
export interface StoredPageRow {
  /** Bytes on both engines (bodyAsBytes). */
  body: Buffer | string | null;
  etag: string | null;
  data_updated_at: number | null;
  version: string | null;
  rows_key: string | null;
  last_id: number | null;
  row_count: number | null;
  total_count: number | null;
  has_next: number | null;
  has_previous: number | null;
}

/** The stored page's columns read with it (storedPageAt, ownerAndPageStatement). */
const STORED_PAGE_COLUMNS = [
  'etag',
  'data_updated_at',
  'version',
  'rows_key',
  'last_id',
  'row_count',
  'total_count',
  'has_next',
  'has_previous',
] as const;

/** A stored page's bounds from its columns; null unless every one is there. */
function boundsOfColumns(row: StoredPageRow): PageBounds | null {
  if (row.last_id === null || row.row_count === null || row.total_count === null || row.has_next === null || row.has_previous === null)
    return null;
  return {
    lastId: Number(row.last_id),
    rowCount: row.row_count,
    totalCount: row.total_count,
    hasNext: row.has_next === 1,
    hasPrevious: row.has_previous === 1,
  };
}

/** The stored page of a row that read `storedPageAt`'s columns, undefined where none is stored. */
export function storedPageOf(row: StoredPageRow): StoredPage | undefined {
  if (row.body === null || row.etag === null || row.version === null) return undefined;
  return {
    body: row.body as Buffer,
    etag: row.etag,
    dataUpdatedAt: row.data_updated_at,
    version: row.version,
    rowsKey: row.rows_key,
    bounds: boundsOfColumns(row),
  };
}

/**
 * The page stored for `learner` at `address` with its bytes, as a subquery to join laterally
 * (StoredPageRow's columns); a statement reading it asks for `body` as bytes (BODY_AS_BYTES).
 */
export function storedPageAt(db: Executor, learner: number | Expression<number>, address: string) {
  return db
    .selectFrom('stored_pages as p')
    .innerJoin('stored_page_bodies as b', (join) => join.onRef('b.user_id', '=', 'p.user_id').onRef('b.etag', '=', 'p.etag'))
    .select('b.body')
    .select(STORED_PAGE_COLUMNS.map((column) => `p.${column}` as const))
    .where('p.user_id', '=', learner)
    .where('p.address', '=', address);
}

const ownerAndPageStatement = compiledOnce((db, v: Slots<CredentialHashes & { now: number; address: string }>) =>
  bodyAsBytes(
    db
      .selectFrom('users as o')
      .leftJoinLateral(
        () => storedPageAt(db, sql.ref<number>('o.id'), v.address).as('s'),
        (join) => join.onTrue(),
      )
      .select(['o.id as user_id', 'o.uuid', 'o.change_stamp', 's.body'])
      .select(STORED_PAGE_COLUMNS.map((column) => `s.${column}` as const))
      .select(contentVersionColumn(db))
      .where('o.id', '=', credentialUserId(db, v, v.now)),
  ),
);

/**
 * The owner of a credential (the live API token's account, else the live session's, enabled
 * accounts only: as `ownerByApiTokenHash` and `ownerBySessionHash` read it) with the page stored
 * for it at `address`, in one statement: one round trip where the credential's check and the
 * look-up were two. Undefined when the credential does not pass.
 */
export async function ownerWithStoredPage(
  db: Executor,
  hashes: CredentialHashes,
  now: number,
  address: string,
): Promise<{ owner: CredentialOwner; page: StoredPage | undefined } | undefined> {
  const row = (await ownerAndPageStatement(db, { ...hashes, now, address })).rows[0];
  if (row === undefined) return undefined;
  return {
    owner: { userId: row.user_id, uuid: row.uuid, changeStamp: row.change_stamp, contentVersion: row.content_version ?? 0 },
    page: storedPageOf(row),
  };
}

const bodyStatement = compiledOnce((db: Executor, values: { userId: number; etag: string; body: Buffer }) =>
  db
    .insertInto('stored_page_bodies')
    .values({ user_id: values.userId, etag: values.etag, body: values.body })
    .onConflict((oc) => oc.columns(['user_id', 'etag']).doNothing()),
);

/** Stores the learner's page bytes under their ETag, unless they are stored already. */
export async function storePageBody(db: Executor, userId: number, etag: string, body: Buffer): Promise<void> {
  await bodyStatement(db, { userId, etag, body });
}

/** A learner's page at an address, naming bytes stored by storePageBody. */
export interface StoredPageEntry {
  userId: number;
  address: string;
  version: string;
  etag: string;
  dataUpdatedAt: number | null;
  bytes: number;
  storedAt: number;
  rowsKey: string | null;
  bounds: PageBounds | null;
}

/** Entries written by one statement at most; the statement is compiled once per count (and null pattern). */
const ENTRIES_A_STATEMENT = 32;
const ENTRY_SHAPES = 256;

const entriesStatement = compiledPerShape(
  (db, _fixed, entries: readonly StoredPageEntry[]) =>
    db
      .insertInto('stored_pages')
      .values(
        entries.map((entry) => ({
          user_id: entry.userId,
          address: entry.address,
          version: entry.version,
          etag: entry.etag,
          data_updated_at: entry.dataUpdatedAt,
          bytes: entry.bytes,
          stored_at: entry.storedAt,
          rows_key: entry.rowsKey,
          last_id: entry.bounds?.lastId ?? null,
          row_count: entry.bounds?.rowCount ?? null,
          total_count: entry.bounds?.totalCount ?? null,
          has_next: entry.bounds === null ? null : Number(entry.bounds.hasNext),
          has_previous: entry.bounds === null ? null : Number(entry.bounds.hasPrevious),
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'address']).doUpdateSet((eb) => ({
          version: eb.ref('excluded.version'),
          etag: eb.ref('excluded.etag'),
          data_updated_at: eb.ref('excluded.data_updated_at'),
          bytes: eb.ref('excluded.bytes'),
          stored_at: eb.ref('excluded.stored_at'),
          rows_key: eb.ref('excluded.rows_key'),
          last_id: eb.ref('excluded.last_id'),
          row_count: eb.ref('excluded.row_count'),
          total_count: eb.ref('excluded.total_count'),
          has_next: eb.ref('excluded.has_next'),
          has_previous: eb.ref('excluded.has_previous'),
        })),
      )
      .compile(),
  ENTRY_SHAPES,
);

/** Stores learners' pages at their addresses, each in place of whatever was stored there (one statement for up to 32). */
export async function storePageEntries(db: Executor, entries: readonly StoredPageEntry[]): Promise<void> {
  for (let from = 0; from < entries.length; from += ENTRIES_A_STATEMENT)
    await entriesStatement(db, '', entries.slice(from, from + ENTRIES_A_STATEMENT));
}

/**
 * Deletes the pages stored longest ago beyond the newest `budgetBytes` of pages, then the bytes no
 * page names any more (a page stored again with other bytes leaves its earlier bytes unnamed).
 */
export async function trimStoredPages(db: Executor, budgetBytes: number): Promise<void> {
  await sql`
    delete from stored_pages where (user_id, address) in (
      select user_id, address from (
        select user_id, address,
          sum(bytes) over (order by stored_at desc, user_id desc, address desc rows unbounded preceding) as newer_bytes
        from stored_pages
      ) as ranked
      where newer_bytes > ${budgetBytes}
    )`.execute(db);
  await sql`
    delete from stored_page_bodies where not exists (
      select 1 from stored_pages where stored_pages.user_id = stored_page_bodies.user_id and stored_pages.etag = stored_page_bodies.etag
    )`.execute(db);
}
