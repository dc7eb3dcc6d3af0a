import type { Static, TSchema } from 'typebox';
import type { Cursor, HeldPage, HeldRows, Page } from '../shared/paging.js';
import type { Result } from '../shared/result.js';
import { collectionJson, newest, resource, resourceWriter, type ResourceEnvelope, type Urls } from './envelopes.js';
import type { JsonBytes } from './json-bytes.js';
import type { KeptRowBytes, WrittenRow } from './kept-rows.js';
import { valueOrThrow } from './errors.js';
import type { RawQuery } from './filters.js';
import { readCursor } from './paging.js';
import { pathId } from './params.js';
import { PreparedPage, type PageMemo } from './prepared-pages.js';
import type { RouteApp } from './plugin.js';
import type { StoredPages } from './stored-pages.js';
import type { ErrorBody } from './schemas.js';
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
   * every row's id and version, and in full only those `held` says are not held.
   */
  listAgainst?(userId: number, filters: F, cursor: Cursor, held: HeldRows): Promise<HeldPage<R>>;
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
}

type ErrorReply = Static<typeof ErrorBody>;

/** Registers both routes of a collection: paging, filters, envelopes and conditional requests. */
export function registerCollection<R extends Enveloped, F, D extends TSchema>(
  app: RouteApp,
  urls: Urls,
  spec: CollectionSpec<R, F, D>,
  /** Where a learner's pages are kept between changes of their data; none for the other collections. */
  memo: PageMemo | null = null,
  /** Where a learner's rows are kept as written bytes by version; none for the other collections. */
  keptRows: KeptRowBytes | null = null,
  /** Where a learner's pages are stored whole across restarts; none for the other collections. */
  stored: StoredPages | null = null,
): void {
  const item = ResourceSchema(spec.data);
  const query = Query({ ...spec.query, ...PAGING_QUERY });
  const envelope = (record: R): ResourceEnvelope<Static<D>> =>
    resource(urls, spec.path, spec.object, record.id, record.updatedAt, spec.present(record));
  const writeData = spec.writeData ?? ((out: JsonBytes, record: R) => out.json(JSON.stringify(spec.present(record))));
  const writeRow = resourceWriter(urls, spec.path, spec.object, writeData);
  const againstKept =
    keptRows?.enabled === true && spec.listAgainst !== undefined ? { rows: keptRows.of(spec.path), list: spec.listAgainst } : null;

  /**
   * A page of kept rows' bytes and the rows that changed since, written afresh and kept in turn
   * (docs/decisions.md, "Kept row bytes"): the same bytes `collectionJson` writes from every row.
   * When the page statement reads the very page last written at the address (a write elsewhere
   * moved the learner's state, not this page's rows), that page is answered as the memo keeps it,
   * with its ETag: nothing is copied, written or hashed.
   */
  const pageOfKeptRows = async (
    { rows, list }: NonNullable<typeof againstKept>,
    /** The learner's uuid: rows are kept for it, as an id can be handed out again. */
    owner: string,
    request: { userId: number; url: string },
    filters: F,
    cursor: Cursor,
    /** Where the page will be kept, if it is: the memo and the page's key there. */
    kept: { memo: PageMemo; key: string } | null,
  ): Promise<PreparedPage> => {
    // The bytes are taken when the page statement reports the version, so an entry evicted meanwhile is still there to copy.
    const held = new Map<number, Buffer>();
    const before = rows.writtenPage(owner, request.url);
    const previous = kept !== null && before?.memoKey != null ? kept.memo.peek(before.memoKey) : undefined;
    let same = false;
    const page = await list(request.userId, filters, cursor, {
      since: before?.newest ?? null,
      has: (id, updatedAt) => {
        const bytes = rows.get(owner, id, updatedAt);
        if (bytes !== undefined) held.set(id, bytes);
        return bytes !== undefined;
      },
      holdsPage: (read) => (same = previous !== undefined && before!.same(read)),
    });
    if (same) {
      rows.keepPage(owner, request.url, page, kept!.key);
      // Its old key names a learner state that never returns (change stamps only increase).
      if (before!.memoKey !== kept!.key) kept!.memo.delete(before!.memoKey!);
      return previous!;
    }
    const fresh = new Map<number, R>();
    for (const row of page.fresh) fresh.set(row.id, row);
    const written: WrittenRow[] = [];
    const updatedAt = newest(page.rows.map((r) => r.updatedAt));
    const plain = collectionJson(urls, request, spec.path, spec.perPage, page, updatedAt, (out, version) => {
      // A row read in full wins over a held one: when the page was read again whole, its versions are the newer ones.
      const row = fresh.get(version.id);
      if (row === undefined) return out.chunk(held.get(version.id)!);
      const start = out.length;
      writeRow(out, row);
      written.push({ id: row.id, updatedAt: row.updatedAt, start, end: out.length });
    });
    rows.keepWritten(owner, plain, written);
    rows.keepPage(owner, request.url, page, kept?.key ?? null);
    return new PreparedPage(plain, updatedAt);
  };

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
      config: { cacheable: true },
    },
    async (request, reply) => {
      const filters = spec.readFilters(request.query);
      const cursor = readCursor(request.query);
      const keeper = memo?.enabled === true && spec.readsClock?.(filters) !== true ? memo : null;
      const key = `${request.learnerDataVersion} ${request.url}`;
      const build = async (): Promise<PreparedPage> => {
        if (againstKept !== null && request.learner !== null)
          return pageOfKeptRows(againstKept, request.learner.uuid, request, filters, cursor, keeper && { memo: keeper, key });
        const page = await spec.list(request.userId, filters, cursor);
        const updatedAt = newest(page.rows.map((r) => r.updatedAt));
        return new PreparedPage(collectionJson(urls, request, spec.path, spec.perPage, page, updatedAt, writeRow), updatedAt);
      };
      const store = stored?.enabled === true && spec.readsClock?.(filters) !== true ? stored : null;
      // A stored page is looked up only when this process holds no page of the address (its first
      // since a start, or rows not kept): one it wrote before was written under an older version,
      // and a look-up for the version just written would be a statement (on PostgreSQL a round
      // trip) for nothing. Every page built is stored (docs/decisions.md, "Stored pages").
      const storedOrBuilt = async (): Promise<PreparedPage> => {
        if (store === null || request.learner === null) return build();
        const version = request.learnerDataVersion;
        if (againstKept === null || againstKept.rows.writtenPage(request.learner.uuid, request.url) === null) {
          const found = await store.find(request.userId, request.url, version);
          if (found !== null) return found;
        }
        const built = await build();
        store.keep(request.userId, request.url, version, built, request.log);
        return built;
      };
      const page = keeper ? await keeper.get(key, storedOrBuilt) : await storedOrBuilt();
      // Kept pages are offered compressed, made once per page; a page built for one request goes out plain.
      const prepared = keeper ? await page.body(request.headers['accept-encoding']) : page.plainBody;
      reply.dataUpdatedAt = page.updatedAt;
      reply.preparedEtag = prepared.etag;
      if (memo?.enabled === true) reply.header('Vary', 'Accept-Encoding');
      if (prepared.coding !== null) reply.header('Content-Encoding', prepared.coding);
      reply.type('application/json; charset=utf-8');
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
