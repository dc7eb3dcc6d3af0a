import type { Static, TSchema } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { CredentialHashes, CredentialInRead } from '../domain/model/credentials.js';
import { credentialHashes } from '../services/credentials.js';
import type { Deps } from '../services/deps.js';
import {
  boundsOf,
  type Cursor,
  type HeldPage,
  type HeldRows,
  type LastWrittenPage,
  type Page,
  type PageBounds,
  type RowVersion,
  type StoredPageHeld,
} from '../shared/paging.js';
import type { Result } from '../shared/result.js';
import {
  collectionHead,
  collectionJson,
  collectionRows,
  newest,
  resource,
  resourceWriter,
  rowWrittenAt,
  splicedOverLast,
  type PlacedPage,
  type ResourceEnvelope,
  type RowPlace,
  type Urls,
} from './envelopes.js';
import type { JsonBytes } from './json-bytes.js';
import {
  writtenOfBytes,
  type ExpectedOwner,
  type KeptCollectionRows,
  type KeptRowBytes,
  type ReadState,
  type WrittenPage,
  type WrittenRow,
} from './kept-rows.js';
import { acceptCredentialOwner, checkPresentedCredential, refusedCredential } from './plugins/auth.js';
import { valueOrThrow } from './errors.js';
import type { RawQuery } from './filters.js';
import { readCursor } from './paging.js';
import { pathId } from './params.js';
import type { CarriedPages } from './carried-pages.js';
import { PreparedPage, type PageMemo } from './prepared-pages.js';
import type { RouteApp } from './plugin.js';
import { giveBackOnceWritten, type FoundPage, type StoredPages } from './stored-pages.js';
import type { ErrorBody } from './schemas.js';
import { changedRowsOf, splicedRows } from './spliced-pages.js';
import { CollectionSchema, IdParam, PAGING_QUERY, Query, ResourceSchema, errors } from './schemas.js';

/** A record that can be put in a resource envelope. */
export interface Enveloped {
  id: number;
  updatedAt: number;
}

/** A reference-shaped collection `GET /<path>` with its `GET /<path>/{id}`. */
export interface CollectionSpec<R extends Enveloped, F, D extends TSchema> {
  path: string;
  object: string;
  perPage: number;
  tag: string;
  /** Query parameters, with a description each, for the OpenAPI document. */
  query: Record<string, string>;
  /** The schema of a resource's `data`; `present` is checked against it. */
  data: D;
  readFilters(query: RawQuery): F;
  list(userId: number, filters: F, cursor: Cursor): Promise<Page<R>>;
  /**
   * `list` read against the rows the caller holds (a learner's collections, with kept row bytes):
   * every row's id and version, and in full only those `held` says are not held. With
   * `credential`, the statement checks it and reads for its owner, `userId` the owner expected.
   */
  listAgainst?(
    userId: number,
    filters: F,
    cursor: Cursor,
    held: HeldRows | StoredPageHeld,
    credential: CredentialInRead | null,
  ): Promise<HeldPage<R> | null>;
  get(userId: number, id: number): Promise<Result<R>>;
  present(record: R): Static<D>;
  /**
   * Writes `present`'s object as JSON, directly from the record, where a page's rows make serialising
   * each presented object a large part of the page (bench/README.md, fourth and fifth passes).
   * Without it, the presented object is serialised. Both must give the same bytes
   * (test/http/collection-bytes.test.ts).
   */
  writeData?(out: JsonBytes, record: R): void;
  /**
   * Whether the page for these filters depends on the clock as well as on stored rows (a filter
   * resolved against now): such a page is built for every request, never kept in the page memo.
   */
  readsClock?(filters: F): boolean;
  /** Whether these filters are resolved against the learner's own state, so need the learner before the page statement. */
  readsLearner?(filters: F): boolean;
}

type ErrorReply = Static<typeof ErrorBody>;

/** The learner state the request's credential check read: its page is read in it, or after it. */
function readState(request: FastifyRequest): ReadState {
  return { stamp: request.learner!.changeStamp, contentVersion: request.contentVersion };
}

/**
 * The page the memo keeps at the request's address that the collection changes noted under
 * `dataVersion` left alone (KeptCollectionRows.leftAlone), and the page last written there: the
 * page of that version with no statement of its own. Only for a full collection's pages
 * (`everyRow`): the changes are read of the learner's every row.
 */
function pageLeftAlone(
  rows: KeptCollectionRows,
  uuid: string,
  dataVersion: string,
  address: string,
  everyRow: boolean,
  memo: PageMemo | null,
): { readonly written: WrittenPage; readonly page: PreparedPage } | null {
  if (memo === null || !everyRow) return null;
  const written = rows.leftAlone(uuid, dataVersion, address);
  if (written === null) return null;
  const page = memo.peek(written.memoKey!);
  return page === undefined ? null : { written, page };
}

/**
 * The rows a page was written from, from where it is built to where it is stored, with their key
 * (StoredPages.rowsKey) when it was computed already: a page read against a stored page computes it
 * to compare, and storing the page needs the same key. A stored page its page statement showed to be
 * the page by its bounds (HeldPage.sameAsHeld) has no rows read: its own key and bounds instead.
 */
const rowsOfPage = new WeakMap<
  PreparedPage,
  | { readonly rows: Page<RowVersion>; readonly key: string | null }
  | { readonly rows: null; readonly key: string; readonly bounds: PageBounds | null }
>();

/** A key computed of a page's rows (StoredPages.rowsKey), for another page only if it holds those very rows, count and links. */
interface KeyOfRows {
  readonly rows: Page<RowVersion>;
  readonly key: string;
}

/** `known`'s key when `rows` are the rows it was computed of (the same array, count and links), else null. */
function keyIfSame(known: KeyOfRows | null, rows: Page<RowVersion>): string | null {
  if (known === null) return null;
  const same =
    known.rows.rows === rows.rows &&
    known.rows.totalCount === rows.totalCount &&
    known.rows.hasNext === rows.hasNext &&
    known.rows.hasPrevious === rows.hasPrevious;
  return same ? known.key : null;
}

/** Where a learner's collection pages are kept, one of each per mount (routes/index.ts), shared by the learner's three collections. */
export interface LearnerPageKeepers {
  /** Pages between changes of the learner's data. */
  readonly memo: PageMemo;
  /** Rows as written bytes by version. */
  readonly rows: KeptRowBytes;
  /** Pages stored whole across restarts. */
  readonly stored: StoredPages;
  /** The learner's own writes carried into its kept pages. */
  readonly carried: CarriedPages;
}

/** Registers both routes of a collection: paging, filters, envelopes and conditional requests. */
export function registerCollection<R extends Enveloped, F, D extends TSchema>(
  app: RouteApp,
  urls: Urls,
  spec: CollectionSpec<R, F, D>,
  /** For a learner's collection: where its pages are kept; none for the other collections. */
  keepers: LearnerPageKeepers | null = null,
  /** For a learner's collection: on PostgreSQL its page statement may check the credential itself. */
  deps: Deps | null = null,
): void {
  const memo = keepers?.memo ?? null;
  const keptRows = keepers?.rows ?? null;
  const stored = keepers?.stored ?? null;
  const carried = keepers?.carried ?? null;
  const item = ResourceSchema(spec.data);
  const query = Query({ ...spec.query, ...PAGING_QUERY });
  const envelope = (record: R): ResourceEnvelope<Static<D>> =>
    resource(urls, spec.path, spec.object, record.id, record.updatedAt, spec.present(record));
  const writeData = spec.writeData ?? ((out: JsonBytes, record: R) => out.json(JSON.stringify(spec.present(record))));
  const writeRow = resourceWriter(urls, spec.path, spec.object, writeData);
  // The filters of an address with none: a request with these reads the learner's every row (a full sync).
  const noFilters = JSON.stringify(spec.readFilters({}));
  const everyRow = (filters: F): boolean => JSON.stringify(filters) === noFilters;
  const againstKept =
    keptRows?.enabled === true && spec.listAgainst !== undefined ? { rows: keptRows.of(spec.path), list: spec.listAgainst } : null;
  // A learner's full collection whose pages the memo keeps with their rows: its pages may be carried to a write's new version.
  if (carried !== null && againstKept !== null && memo?.enabled === true)
    carried.register(spec.path, {
      rows: againstKept.rows,
      first: `${urls.prefix}${spec.path}`,
      head: (address, page, updatedAt) => collectionHead(urls, { url: address }, spec.path, spec.perPage, page, updatedAt),
      writeRow,
    });
  /** Notes the rows a page was written from where pages are stored (taken when it is): a page kept in the memo would otherwise hold them as long as it lives. */
  const noteRows = (page: PreparedPage, rows: Page<RowVersion>): void => {
    if (stored?.enabled === true) rowsOfPage.set(page, { rows, key: null });
  };

  /**
   * The bytes of a page its statement read against held rows: each row read in full (`page.fresh`)
   * written, the others copied from `held`, or, for the page last written at the address read as
   * the rows changed since (`page.asLastWritten`), spliced into that page's bytes (`last`, the
   * memo's: splicedOverLast); with where each row written lies in the bytes, and where every row does.
   */
  const writeReadPage = (request: FastifyRequest, page: HeldPage<R>, held: ReadonlyMap<number, Buffer>, last: PlacedPage | null = null) => {
    const fresh = new Map<number, R>();
    for (const row of page.fresh) fresh.set(row.id, row);
    const updatedAt = newest(page.rows.map((r) => r.updatedAt));
    if (page.asLastWritten === true && last !== null) {
      const head = collectionHead(urls, request, spec.path, spec.perPage, page, updatedAt);
      return { ...splicedOverLast(head, last, page.rows, fresh, writeRow), updatedAt };
    }
    const written: WrittenRow[] = [];
    const bytesAt = new Uint32Array(2 * page.rows.length);
    let i = 0;
    const plain = collectionJson(urls, request, spec.path, spec.perPage, page, updatedAt, (out, version) => {
      bytesAt[2 * i] = out.length;
      // A row read in full wins over a held one: when the page was read again whole, its versions are the newer ones.
      const row = fresh.get(version.id);
      if (row !== undefined) {
        writeRow(out, row);
        written.push({ id: row.id, updatedAt: row.updatedAt, start: bytesAt[2 * i]!, end: out.length });
      } else out.chunk(held.get(version.id)!);
      bytesAt[2 * i + 1] = out.length;
      i += 1;
    });
    return { plain, updatedAt, written, bytesAt };
  };

  /**
   * A page of kept rows' bytes and the rows that changed since, written afresh and kept in turn
   * (docs/decisions.md, "Kept row bytes"): the same bytes `collectionJson` writes from every row.
   * When the page statement reads the very page last written at the address (a write elsewhere
   * moved the learner's state, not this page's rows), that page is answered as the memo keeps it,
   * with its ETag: nothing is copied, written or hashed. So it is, with no page statement at all,
   * when the changes read under the request's learner state left it alone (`pageLeftAlone`;
   * docs/decisions.md, "A sync's pages a write left alone, unread (PostgreSQL)"). A full
   * collection's page the memo holds is read as the rows changed since it, not as its window, and
   * those changes are noted for the pages after it (docs/decisions.md, "The page a write changed,
   * from the rows changed since it").
   */
  const pageOfKeptRows = async (
    { rows, list }: NonNullable<typeof againstKept>,
    /**
     * The learner: rows are kept for its uuid, as an id can be handed out again; and its data
     * version as the credential's read gave it (or as expected, when the statement checks it).
     */
    { userId, uuid, dataVersion }: { readonly userId: number; readonly uuid: string; readonly dataVersion: string },
    request: FastifyRequest,
    filters: F,
    cursor: Cursor,
    /** Where the page will be kept, if it is. */
    memo: PageMemo | null,
    /** Checked by the page statement, which sets the request's learner (`uuid` the one expected). */
    credential: CredentialInRead | null,
  ): Promise<PreparedPage> => {
    /** The page last written at the address, found to be the page now: kept under the learner's state now, its old key dropped. */
    const samePage = (before: WrittenPage, previous: PreparedPage, page: Page<RowVersion>): PreparedPage => {
      const key = `${request.learnerDataVersion} ${request.url}`;
      const written = rows.keepPage(request.learner!.uuid, request.url, page, key, readState(request), before.bytesAt);
      // The same rows: where they lie in the memo's bytes holds for the page noted now, if it held for the one before.
      if (written !== null && writtenOfBytes.get(previous.plain) === before) writtenOfBytes.set(previous.plain, written);
      // Its old key names a learner state that never returns (change stamps only increase).
      if (before.memoKey !== key) memo!.delete(before.memoKey!);
      noteRows(previous, page);
      return previous;
    };
    // The learner's state is known before the page only when the hook checked the credential.
    const alone = credential === null ? pageLeftAlone(rows, uuid, dataVersion, request.url, everyRow(filters), memo) : null;
    if (alone !== null) return samePage(alone.written, alone.page, alone.written.page());
    // The bytes are taken when the page statement reports the version, so an entry evicted meanwhile is still there to copy.
    const held = new Map<number, Buffer>();
    const before = rows.writtenPage(uuid, request.url);
    const previous = memo !== null && before?.memoKey != null ? memo.peek(before.memoKey) : undefined;
    // The memo's page is the one noted as written (not another build kept under its key): its rows lie where noted.
    const last: PlacedPage | null =
      previous !== undefined && writtenOfBytes.get(previous.plain) === before ? { plain: previous.plain, bytesAt: before.bytesAt } : null;
    // A full collection's page the memo holds: read as the rows changed since it (one page's
    // worth of ids and versions not read), the changes noted for the next pages; unless changes
    // noted already show rows deleted (the count), which those since the page cannot tell.
    const lastWritten: LastWrittenPage | undefined =
      last !== null && everyRow(filters) && !rows.rowsMoved(uuid, dataVersion, before!)
        ? {
            readAt: before!.readAt.stamp,
            page: before!.page(),
            existedBy: (id) => rows.keptAtOrBelow(uuid, id, before!.readAt.stamp),
          }
        : undefined;
    let same = false;
    // Read against held rows, not a stored page: always read.
    const page = (await list(
      userId,
      filters,
      cursor,
      {
        since: before?.newest ?? null,
        has: (id, updatedAt) => {
          const bytes = rows.get(uuid, id, updatedAt);
          if (bytes !== undefined) held.set(id, bytes);
          return bytes !== undefined;
        },
        holdsPage: (read) => (same = previous !== undefined && before!.same(read)),
        ...(lastWritten === undefined ? {} : { lastWritten }),
      },
      credential,
    ))!;
    // The learner read: with a credential read by the statement, held rows were used only if they were this learner's.
    const owner = request.learner!.uuid;
    // Before the rows read are kept at their new versions: noting checks their earlier ones.
    if (lastWritten !== undefined && page.changes !== undefined)
      rows.noteChanges(owner, request.learnerDataVersion, request.contentVersion, lastWritten.readAt, page.changes);
    if (same) return samePage(before!, previous!, page);
    const key = memo && `${request.learnerDataVersion} ${request.url}`;
    const { plain, updatedAt, written, bytesAt } = writeReadPage(request, page, held, last);
    rows.keepWritten(owner, plain, written);
    const noted = rows.keepPage(owner, request.url, page, key, readState(request), bytesAt);
    if (noted !== null) writtenOfBytes.set(plain, noted);
    const prepared = new PreparedPage(plain, updatedAt);
    noteRows(prepared, page);
    return prepared;
  };

  // On PostgreSQL a learner's page statement may check the credential itself (plugins/auth.ts,
  // checksCredential): one round trip a page, not two. Only for a credential whose last page was
  // built afresh and whose next page the memo does not hold under the learner state expected (a
  // sync after a write, page after page), or whose learner wrote through this process since (the
  // first page after a write): a kept page keeps the credential's own small read (docs/decisions.md,
  // "Round trips of a read").
  const credentialInPage =
    deps !== null && deps.db.engine === 'postgres' && keptRows !== null && againstKept !== null
      ? { deps, owners: keptRows, ...againstKept }
      : null;

  /** The page read with its credential checked by the page statement, or null when not expected to pay. */
  const pageCheckingCredential = async (
    { deps, rows }: NonNullable<typeof credentialInPage>,
    /** The presented credential's hashes, made once for the request. */
    hashes: CredentialHashes,
    expected: ExpectedOwner | undefined,
    request: FastifyRequest,
    filters: F,
    cursor: Cursor,
    memo: PageMemo | null,
  ): Promise<PreparedPage | null> => {
    if (expected === undefined || spec.readsLearner?.(filters) === true) return null;
    // The page the memo holds under the state expected is stale once the learner wrote since.
    const wroteSince = deps.db.learnerWrites.writeMark(expected.userId) !== expected.writeMark;
    if (!wroteSince && memo?.peek(`${expected.dataVersion} ${request.url}`) !== undefined) return null;
    // Nor when the changes read under the state expected left the page alone: the hook's small read then, and no page statement.
    if (!wroteSince && pageLeftAlone(rows, expected.uuid, expected.dataVersion, request.url, everyRow(filters), memo) !== null) return null;
    // Nor when the learner's last write carried its pages (carried-pages.ts) and the memo holds this one where it was carried to.
    const carriedTo = wroteSince ? deps.db.learnerWrites.carriedTo(expected.userId) : undefined;
    if (carriedTo !== undefined && memo?.peek(`${carriedTo} ${request.url}`) !== undefined) return null;
    if (rows.writtenPage(expected.uuid, request.url) === null) return null;
    return pageOfKeptRows(credentialInPage!, expected, request, filters, cursor, memo, {
      hashes,
      now: deps.clock.now(),
      refused: () => refusedCredential(request),
      accept: (owner) => {
        acceptCredentialOwner(request, owner);
        return owner.userId === expected.userId && owner.uuid === expected.uuid;
      },
    });
  };

  // On PostgreSQL the credential of a page this process may hold nothing of is checked by the
  // statement that looks up the page stored at its address: one round trip, not two
  // (docs/decisions.md, "Stored pages").
  const credentialInLookUp = deps !== null && deps.db.engine === 'postgres' && stored?.enabled === true ? { deps, stored } : null;

  // Pages are answered as JSON bytes written from each row's data (envelopes.ts, collectionJson);
  // the schema still documents the shape. Single resources go through the schema's serializer.
  //
  // A page is a function of the learner's rows, the content and the request address, unless a
  // filter reads the clock: kept pages are found by the learner's data version, read with the
  // credential (auth.ts), so a repeated sync of unchanged data reads no rows, and any write of the
  // learner's rows (a new change stamp) or of subjects (a new content version) makes a new key.
  // See docs/decisions.md, "Learner page memo".
  app.get<{ Querystring: Static<typeof query>; Reply: Buffer | ErrorReply }>(
    spec.path,
    {
      schema: {
        tags: [spec.tag],
        querystring: query,
        response: { 200: CollectionSchema(item), ...errors(401, 422) },
      },
      config: { cacheable: true, checksCredential: credentialInPage !== null || credentialInLookUp !== null },
    },
    async (request, reply) => {
      const filters = spec.readFilters(request.query);
      const cursor = readCursor(request.query);
      const keeper = memo?.enabled === true && spec.readsClock?.(filters) !== true ? memo : null;
      // Left unchecked by the hook only on a route whose page statement may check it (checksCredential).
      const presented = request.credential;
      const hashes = presented === null ? null : credentialHashes(presented);
      const credentialHash = hashes?.session ?? null;
      const expected = credentialHash === null ? undefined : credentialInPage?.owners.expected(credentialHash);
      let built = false;
      const checked =
        hashes === null || credentialInPage === null
          ? null
          : await pageCheckingCredential(credentialInPage, hashes, expected, request, filters, cursor, keeper);
      const store = stored?.enabled === true && spec.readsClock?.(filters) !== true ? stored : null;
      /** The page stored at the address, when it was looked up with the credential (else undefined). */
      let foundWithCredential: FoundPage | null | undefined;
      /** The page read against it by the same statement (lookedUpAndRead), if it was. */
      let readWithLookUp: PreparedPage | undefined;
      /**
       * The page found stored, served as it was read (storedOrBuilt): under the learner's state, or
       * under an earlier one and the same now, its entry alone stored again.
       */
      let servedAsFound: PreparedPage | undefined;
      const build = async (): Promise<PreparedPage> => {
        built = true;
        if (againstKept !== null && request.learner !== null)
          return pageOfKeptRows(
            againstKept,
            { userId: request.userId, uuid: request.learner.uuid, dataVersion: request.learnerDataVersion },
            request,
            filters,
            cursor,
            keeper,
            null,
          );
        const read = await spec.list(request.userId, filters, cursor);
        const updatedAt = newest(read.rows.map((r) => r.updatedAt));
        const prepared = new PreparedPage(collectionJson(urls, request, spec.path, spec.perPage, read, updatedAt, writeRow), updatedAt);
        noteRows(prepared, read);
        return prepared;
      };
      /** Stores a page built, or found the same as one stored under an earlier learner state, with the rows it was written from; whether the store holds its bytes. */
      const keep = (store: StoredPages, page: PreparedPage): boolean => {
        const rows = rowsOfPage.get(page);
        rowsOfPage.delete(page);
        let rowsKey: string | null = null;
        let bounds: PageBounds | null = null;
        if (rows?.rows === null) ({ key: rowsKey, bounds } = rows);
        else if (rows !== undefined) {
          rowsKey = rows.key ?? store.rowsKey(request.learner!.uuid, request.contentVersion, rows.rows);
          bounds = boundsOf(rows.rows);
        }
        return store.keep(request.userId, request.url, request.learnerDataVersion, page, rowsKey, bounds, request.log);
      };
      /**
       * What a page read against a page found stored under an earlier state of the learner's data
       * holds of it, and the page written from that read; null when it is not one to read against.
       * If the rows read now are the ones it was written from (a write elsewhere in the learner's
       * data), the page statement reads only their ids and versions, and in full only rows newer
       * than the stored page's newest, and the stored page is the page. Else the page is written
       * from those rows and the stored page's own rows at the version read (their bytes in the
       * stored page, as kept rows), any other row read by one more look-up.
       */
      const againstStored = (store: StoredPages, found: FoundPage) => {
        const since = found.page.updatedAt;
        if (spec.listAgainst === undefined || found.rowsKey === null || since === null) return null;
        let same = false;
        /** The key of the rows the page statement read, computed to compare them with the stored page's. */
        let readKey: KeyOfRows | null = null;
        /** The stored page's rows, found in its bytes once a row is asked for (never when the page is the same). */
        let storedRows: Map<number, Buffer> | null | undefined;
        /** The rows read that a write changed, by their places in the stored page, when they are its only change (changedRowsOf). */
        let changed: { readonly rows: Page<RowVersion>; readonly places: ReadonlyMap<number, RowPlace> } | null = null;
        const held = new Map<number, Buffer>();
        /** Whether the stored page holds row `id` at version `updatedAt`, its bytes then held. */
        const storedHas = (id: number, updatedAt: number): boolean => {
          // Scanned once: null (bytes that are not such a page) is an answer too, not a reason to scan again.
          if (storedRows === undefined) storedRows = collectionRows(found.page.plain);
          const bytes = storedRows?.get(id);
          // Its version checked in its bytes: a row is used only at the version the page statement read (as kept rows).
          if (bytes === undefined || !rowWrittenAt(bytes, updatedAt)) return false;
          held.set(id, bytes);
          return true;
        };
        const rows: HeldRows = {
          since,
          // A row not changed is proven at its version in the stored page when the changed rows are its only change.
          has: (id, updatedAt) => (changed !== null && updatedAt <= since) || storedHas(id, updatedAt),
          holdsPage: (page) => {
            const keyOf = (rows: Page<RowVersion>) => store.rowsKey(request.learner!.uuid, request.contentVersion, rows);
            readKey = { rows: page, key: keyOf(page) };
            if ((same = readKey.key === found.rowsKey)) return true;
            const places = changedRowsOf(found.page.plain, found.rowsKey!, page, since, keyOf);
            changed = places === null ? null : { rows: page, places };
            return false;
          },
          ...(found.bounds === null ? {} : { sameIf: found.bounds }),
        };
        /**
         * The stored page with the changed rows written in their places, when those were proven its
         * only change for the very rows read (not a page read again whole): nothing else of it is
         * found, checked or copied row by row.
         */
        const spliced = (read: HeldPage<R>): PreparedPage | null => {
          if (changed?.rows.rows !== read.rows) return null;
          const updatedAt = newest(read.rows.map((r) => r.updatedAt));
          const head = collectionHead(urls, request, spec.path, spec.perPage, read, updatedAt);
          const plain = splicedRows(head, found.page.plain, changed.places, read.fresh, writeRow);
          return plain === null ? null : new PreparedPage(plain, updatedAt);
        };
        const pageOf = (read: HeldPage<R>): PreparedPage => {
          if (read.sameAsHeld === true) {
            // Shown by its bounds: stored again under the new state with the same key and bounds.
            rowsOfPage.set(found.page, { rows: null, key: found.rowsKey!, bounds: found.bounds });
            return found.page;
          }
          let page = found.page;
          if (!same) {
            const splice = spliced(read);
            if (splice !== null) page = splice;
            else {
              // Rows `has` took as proven are found in the stored bytes now (a page read again whole has every row fresh).
              if (changed?.rows.rows === read.rows) for (const v of read.rows) if (v.updatedAt <= since) storedHas(v.id, v.updatedAt);
              const { plain, updatedAt } = writeReadPage(request, read, held);
              page = new PreparedPage(plain, updatedAt);
            }
          }
          // The page read is the one compared unless it was read again whole (other rows): its key then is computed when stored.
          rowsOfPage.set(page, { rows: read, key: keyIfSame(readKey, read) });
          return page;
        };
        return { rows, pageOf };
      };
      /** The page written from a page found stored under an earlier state (againstStored), read by a statement of its own. */
      const revalidated = async (store: StoredPages, found: FoundPage): Promise<PreparedPage | null> => {
        const against = againstStored(store, found);
        if (against === null) return null;
        // Read against held rows, not a stored page: always read.
        return against.pageOf((await spec.listAgainst!(request.userId, filters, cursor, against.rows, null))!);
      };
      /**
       * On PostgreSQL, the page stored at the address looked up with the credential by the page
       * statement, which reads the page against it when it was stored under an earlier state of the
       * learner's data (paging.ts, afterStoredPage): one round trip a page after a write, where the
       * look-up and the page statement were two. Sets `foundWithCredential`; the page written from
       * the read, if the page was read. Not when the stored page is likely current
       * (StoredPages.expectsCurrent): it is then looked up alone, a smaller statement.
       */
      const lookedUpAndRead = async (
        { deps, stored: store }: NonNullable<typeof credentialInLookUp>,
        hashes: CredentialHashes,
      ): Promise<PreparedPage | undefined> => {
        let against: ReturnType<typeof againstStored> = null;
        const inStoredPage: StoredPageHeld = {
          address: request.url,
          writer: store.writer,
          found: (page) => {
            foundWithCredential = page === undefined ? null : store.found(request.userId, request.url, request.learnerDataVersion, page);
            if (foundWithCredential?.current === false) against = againstStored(store, foundWithCredential);
            return against?.rows ?? null;
          },
        };
        const read = await spec.listAgainst!(store.ownerOf(hashes.session), filters, cursor, inStoredPage, {
          hashes,
          now: deps.clock.now(),
          refused: () => refusedCredential(request),
          accept: (owner) => {
            acceptCredentialOwner(request, owner);
            return true;
          },
        });
        return read === null ? undefined : against!.pageOf(read);
      };
      // A stored page is looked up only when this process holds no page of the address (its first
      // since a start, or rows not kept): one it wrote before was written under an older version,
      // and a look-up for the version just written would be a statement (on PostgreSQL a round
      // trip) for nothing. A page stored under an earlier version is served when its rows are the
      // same. Every page built is stored (docs/decisions.md, "Stored pages").
      const storedOrBuilt = async (): Promise<PreparedPage> => {
        if (store === null || request.learner === null) return build();
        if (againstKept === null || againstKept.rows.writtenPage(request.learner.uuid, request.url) === null) {
          const found =
            foundWithCredential !== undefined
              ? foundWithCredential
              : await store.find(request.userId, request.url, request.learnerDataVersion);
          if (found?.current === true) return (servedAsFound = found.page);
          const again = found === null ? null : (readWithLookUp ?? (await revalidated(store, found)));
          if (again !== null) {
            built = again !== found!.page;
            const bytesHeld = keep(store, again);
            // The stored page served again, its entry alone stored: nothing holds its bytes after the response.
            if (!built && !bytesHeld) servedAsFound = again;
            return again;
          }
        }
        const fresh = await build();
        keep(store, fresh);
        return fresh;
      };
      if (hashes !== null && checked === null) {
        const keepsNothing = keeper === null && againstKept === null;
        if (store === null || !store.checksWithLookUp(hashes.session, request.url, keepsNothing))
          await checkPresentedCredential((credentialInPage ?? credentialInLookUp)!.deps, request);
        else if (
          credentialInLookUp !== null &&
          spec.listAgainst !== undefined &&
          spec.readsLearner?.(filters) !== true &&
          !store.expectsCurrent(hashes.session)
        )
          readWithLookUp = await lookedUpAndRead(credentialInLookUp, hashes);
        else foundWithCredential = await store.findCheckingCredential(request, hashes);
      }
      const key = `${request.learnerDataVersion} ${request.url}`;
      const made =
        checked === null
          ? storedOrBuilt
          : async (): Promise<PreparedPage> => {
              built = true;
              if (store !== null) keep(store, checked);
              return checked;
            };
      const page = keeper ? await keeper.get(key, made) : await made();
      // A page a write carried to this version is stored when first served, as a page built is.
      const carriedRows = built || store === null ? undefined : carried?.takeUnstored(page);
      if (carriedRows !== undefined) {
        rowsOfPage.set(page, { rows: carriedRows, key: null });
        keep(store!, page);
      }
      if (credentialHash !== null) credentialInLookUp?.stored.served(credentialHash, request.url, request.userId);
      if (built && credentialHash !== null && request.learner !== null) {
        credentialInPage?.owners.expect(credentialHash, {
          userId: request.userId,
          uuid: request.learner.uuid,
          dataVersion: request.learnerDataVersion,
          // Taken after the page: a write finished meanwhile is missed, and the next page checks the credential first.
          writeMark: credentialInPage.deps.db.learnerWrites.writeMark(request.userId),
        });
      }
      // Kept pages are offered compressed, made once per page; a page built for one request goes out plain.
      const prepared = keeper ? await page.body(request.headers['accept-encoding']) : page.plainBody;
      reply.dataUpdatedAt = page.updatedAt;
      reply.preparedEtag = prepared.etag;
      if (memo?.enabled === true) reply.header('Vary', 'Accept-Encoding');
      if (prepared.coding !== null) reply.header('Content-Encoding', prepared.coding);
      reply.type('application/json; charset=utf-8');
      // Held by nothing but this response when no memo keeps it (a page found current is not stored again).
      if (keeper === null && page === servedAsFound) giveBackOnceWritten(reply.raw, page);
      return prepared.bytes;
    },
  );

  app.get<{ Params: Static<typeof IdParam>; Reply: ResourceEnvelope<Static<D>> | ErrorReply }>(
    `${spec.path}/:id`,
    { schema: { tags: [spec.tag], params: IdParam, response: { 200: item, ...errors(401, 404) } }, config: { cacheable: true } },
    async (request, reply) => {
      const record = valueOrThrow(await spec.get(request.userId, pathId(request.params.id)));
      reply.dataUpdatedAt = record.updatedAt;
      return envelope(record);
    },
  );
}
