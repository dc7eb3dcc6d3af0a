import { sql, type AliasedRawBuilder, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../connect.js';
import { compiledPerShape } from '../compiled.js';
import type { Executor } from '../transaction.js';
import { GENERIC_PLAN } from '../generic-plans.js';
import { arrayAggregate, parsedRows, rowsAsArrays } from '../json-rows.js';
import type { Database } from '../schema.js';
import type {
  ChangesRead,
  Cursor,
  HeldPage,
  HeldRows,
  LastWrittenPage,
  Page,
  PageBounds,
  RowVersion,
  StoredPageHeld,
} from '../../shared/paging.js';
import type { IdFilters, SubjectScopedFilters } from '../../domain/model/filters.js';
import type { CredentialHashes, CredentialInRead } from '../../domain/model/credentials.js';
import { contentVersionColumn, credentialUserId } from './credentials.js';
import { BODY_AS_BYTES, storedPageAt, storedPageOf, type StoredPageRow } from './stored-pages.js';

/** What a collection pages: its filtered rows and the columns each row carries. */
export interface PagedQuery {
  readonly filtered: Filtered;
  /** The columns a row is read with, by name; `id` among them. */
  readonly columns: readonly string[];
}

type Filtered = SelectQueryBuilder<Database, keyof Database, object>;

/** A learner's id in a page statement: a value, or the owner the statement itself reads (`o.id`). */
export type LearnerId = number | Expression<number>;

/**
 * A learner's collection under filters `F`. Its page statements are compiled once per shape of the
 * filters and cursor (compiled.ts, compiledPerShape): building and compiling one anew was most of a
 * built page's CPU (bench/README.md, sixth pass, "Collection pages after a write").
 */
export interface LearnerCollection<F> {
  /** Names the collection in its kept counts' keys. */
  readonly name: string;
  /** The columns a row is read with, by name; `id` and `updated_at` among them. */
  readonly columns: readonly string[];
  /** The learner's rows under `f`; passes every number and string of `f` only to Kysely. */
  readonly filtered: (db: Executor, userId: LearnerId, f: F) => Filtered;
  /**
   * Whether the count under `f` reads only stored rows: it is then kept per learner and filter set
   * while the learner's state stays.
   */
  readonly countKept: (f: F) => boolean;
  /** Whether `f` selects every row of the learner's: the count is then the account's `counted` column. */
  readonly unfiltered: (f: F) => boolean;
  /** The account's count of the collection's rows, kept by triggers (docs/decisions.md, "Row counts on the account"). */
  readonly counted: CountColumn;
}

/** The account's columns holding a learner's rows of a collection (migrations/2026-11-28T160000_learner_row_counts.ts). */
export type CountColumn = 'assignments_count' | 'review_statistics_count' | 'study_materials_count';

/** Whether every filter of `f` is absent, `flags` (filters of no value) also when false. */
export function withoutFilters(f: object, flags: readonly string[] = []): boolean {
  return Object.entries(f).every(([name, value]) => value === undefined || (value === false && flags.includes(name)));
}

/** Below every row's version (change stamps are positive): a `since` that reads every row in full. */
const BELOW_EVERY_VERSION = -1;

/** Built page statements kept per collection, aggregate and dialect: filter shapes seen in use are few. */
const MAX_PAGE_SHAPES = 256;

/** What a page statement's window selects of each row. */
type Selected = readonly AliasedRawBuilder<unknown, string>[];

/** Every column of `columns`, by its name. */
function selectedColumns(columns: readonly string[]): Selected {
  return columns.map((c) => sql.ref(c).as(c));
}

/**
 * The most rows changed since the page last written at an address that a statement reads in full
 * in place of the page (`changesStatement`): past it, it reports none, and the page is read (a sync
 * after writes to more rows than a page holds reads each of its pages, as before).
 */
const CHANGES_READ_MAX = 500;

/** A row object from its values in `columns` order (an indexed loop: an entries() iterator per row was most of its cost). */
function rowOf<R>(columns: readonly string[], values: readonly unknown[]): R {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) row[columns[i]!] = values[i];
  return row as R;
}

/** What a page statement reads: the rows' aggregate, the count, the learner's state and the neighbour test. */
interface PageRow {
  rows: unknown;
  total: number;
  state: string | null;
  neighbour: number;
  /** 1 when the statement showed the page to be the one held (`sameAsBounds`; `rows` then not read), else 0 or null. */
  same?: number | null;
}

/** A page statement's row when it read for a credential's owner (`credentialPage`). */
interface OwnedPageRow extends PageRow {
  owner_id: number;
  owner_uuid: string;
  owner_stamp: number;
  content_version: number | null;
}

/** The count a page statement may take as kept: the learner's state it was counted in. */
interface KeptCount {
  readonly state: string;
  readonly count: number;
}

/**
 * Id-cursor paging over an already filtered query, in ascending id order. `page_before_id` returns
 * the page just before the cursor. `total_count` counts every row matching the filters.
 *
 * One statement: the page's rows as one JSON aggregate (json-rows.ts; a page of 500 rows read as
 * objects by the driver cost several times the whole statement), the count, and whether a row
 * lies beyond the cursor on the other side. That neighbour test is the one the page's first (or
 * last) row would get: the first row after `page_after_id` is the smallest matching id above it,
 * so a matching row below it is one at or below the cursor.
 */
export async function pageById<R extends { id: number }>(db: Db, paged: PagedQuery, perPage: number, cursor: Cursor): Promise<Page<R>> {
  const statement = pageStatement(
    paged.filtered,
    selectedColumns(paged.columns),
    arrayAggregate(db.engine, paged.columns),
    perPage + 1,
    cursor,
    null,
  );
  const { rows } = await statement.execute(db.kysely);
  return pageOf(rows[0], perPage, cursor, rowsDecoder<R>(paged.columns));
}

/** A page's rows decoded from their aggregate, in ascending id order. */
function rowsDecoder<R>(columns: readonly string[]): (value: unknown) => R[] {
  const at = columns.indexOf('id');
  return (value) =>
    parsedRows<unknown[]>(value)
      .sort((x, y) => (x[at] as number) - (y[at] as number))
      .map((values) => rowOf<R>(columns, values));
}

/**
 * Whose count a page statement reads (`pageStatement`): the account's column for a whole
 * collection, else the rows counted with the kept count; null for no count of the learner's.
 */
type Counted =
  { readonly userId: LearnerId; readonly kept: KeptCount | null } | { readonly userId: LearnerId; readonly column: CountColumn } | null;

/**
 * `pageById`'s statement with the rows of `window` aggregated by `aggregate` (over the window
 * aliased `q`). With `counted`, the learner's count: for a whole collection the account's column,
 * read in the same statement (so in the same snapshot as the rows); otherwise the kept one when the
 * learner's state read in the same statement is the one it was counted in, else the rows counted
 * afresh (both engines evaluate the CASE's other branch only when it is taken). The state is the
 * learner's uuid and change stamp (domain/learner-state-key.ts): every write of the learner's rows
 * moves the stamp in its own transaction.
 */
function pageStatement(
  filtered: Filtered,
  selected: Selected,
  aggregate: RawBuilder<unknown>,
  limit: number,
  cursor: { readonly beforeId?: number | undefined; readonly afterId?: number | undefined },
  counted: Counted,
  /** For a whole collection read forwards: the page held, whose window is read only when it is not the page now. */
  held: BoundsHeld | null = null,
): RawBuilder<PageRow> {
  const id = sql.ref('id');
  let window = filtered.select(selected);
  let beyond: Filtered | null = null;
  if (cursor.beforeId !== undefined) {
    window = window.where(id, '<', cursor.beforeId).orderBy(id, 'desc');
    beyond = filtered.where(id, '>=', cursor.beforeId);
  } else {
    if (cursor.afterId !== undefined) {
      window = window.where(id, '>', cursor.afterId);
      beyond = filtered.where(id, '<=', cursor.afterId);
    }
    window = window.orderBy(id, 'asc');
  }
  const neighbour = beyond === null ? sql`0` : anyRow(beyond);
  const same =
    held === null || counted === null || !('column' in counted) ? null : sameAsBounds(filtered, counted, cursor, neighbour, held);
  return pageRow(filtered, counted, sql`(select ${aggregate} from ${window.limit(limit)} as q)`, neighbour, same);
}

/**
 * 1 when `rows` (a learner's rows on one side of an id) holds any row, else 0: as its smallest id
 * (min() over an index of the learner's ids reads one entry, on both engines), not `exists`.
 * PostgreSQL plans an `exists` for its first match, and a generic plan cannot see how few of the
 * learner's rows lie past the id: on a table of one learner's 11,153 assignments it scanned the
 * whole table for the last page's "nothing beyond" (1.1 ms), as it would scan every learner's rows
 * of an installation of few learners; min() is planned as that index's first entry (0.05 ms).
 * bench/README.md, twenty-fifth pass.
 */
function anyRow(rows: Filtered): RawBuilder<number> {
  return sql<number>`case when ${rows.select(sql`min(id)`.as('first'))} is not null then 1 else 0 end`;
}

/** A page held whole (its bounds, and its newest row's version) as a page statement reads it: values, or a stored page's columns. */
interface BoundsHeld {
  readonly lastId: number | Expression<number>;
  readonly rowCount: number | Expression<number>;
  readonly totalCount: number | Expression<number>;
  /** 0 or 1. */
  readonly hasNext: number | Expression<number>;
  readonly hasPrevious: number | Expression<number>;
  readonly newest: number | Expression<number>;
}

/**
 * 1 when a whole collection's page read forwards from `cursor` is the page `held` (else 0; null
 * columns of a stored page give 0), without reading the window (docs/decisions.md, "A stored page
 * a write left alone, shown by its bounds"). Every write of a row sets its updated_at to the
 * learner's next change stamp, above every version the held page was read with
 * (docs/decisions.md, "Kept row bytes"): so a row in the page's id range (after the cursor, up to
 * its last id) at a version no newer than the page's newest is one of its rows as it held it, and
 * as many such rows as it held, none newer, are its rows. The window is then those rows and what
 * lies beyond the last id, so with the same neighbour on each side and the same count (the
 * account's column, in this snapshot) every byte of the page is the same.
 */
function sameAsBounds(
  filtered: Filtered,
  counted: { readonly userId: LearnerId; readonly column: CountColumn },
  cursor: { readonly afterId?: number | undefined },
  neighbour: RawBuilder<unknown>,
  held: BoundsHeld,
): RawBuilder<number> {
  const id = sql.ref('id');
  const after = cursor.afterId === undefined ? filtered : filtered.where(id, '>', cursor.afterId);
  const range = after
    .where(id, '<=', held.lastId)
    .select(sql`case when count(*) = ${held.rowCount} and max(updated_at) <= ${held.newest} then 1 else 0 end`.as('same'));
  return sql<number>`case when ${countedColumn(counted)} = ${held.totalCount}
      and ${neighbour} = ${held.hasPrevious}
      and ${anyRow(filtered.where(id, '>', held.lastId))} = ${held.hasNext}
      and ${range} = 1
    then 1 else 0 end`;
}

/** A whole collection's count: the account's column (kept in the transaction of every insert and delete of the learner's rows). */
function countedColumn(counted: { readonly userId: LearnerId; readonly column: CountColumn }): RawBuilder<number> {
  return sql<number>`(select ${sql.ref(counted.column)} from users where id = ${counted.userId})`;
}

/**
 * A page statement's one row: `rows`, the count of `filtered` (the kept one in the state it was
 * counted in, with `counted`), the learner's state and `neighbour` (`pageStatement`,
 * `changesStatement`).
 */
function pageRow(
  filtered: Filtered,
  counted: Counted,
  rows: RawBuilder<unknown>,
  neighbour: RawBuilder<unknown>,
  same: RawBuilder<number> | null = null,
): RawBuilder<PageRow> {
  let total = sql<number>`${filtered.select(sql`count(*)`.as('n'))}`;
  let state = sql<string | null>`null`;
  if (counted !== null && 'column' in counted) {
    // Written in the transaction of every insert and delete of the learner's rows: the rows' own snapshot's.
    total = countedColumn(counted);
  } else if (counted !== null) {
    state = sql`(select concat(uuid, '@', change_stamp) from users where id = ${counted.userId})`;
    const { kept } = counted;
    if (kept !== null) total = sql<number>`case when ${state} = ${kept.state} then ${kept.count} else ${total} end`;
  }
  if (same !== null) {
    // Tested once, in a subquery of its own (its LIMIT keeps PostgreSQL from pulling it up into each
    // use); the window's aggregate is evaluated only when the test fails (a CASE's other branch).
    return sql<PageRow>`select
    case when u.same = 1 then null else ${rows} end as rows,
    ${total} as total,
    ${state} as state,
    ${neighbour} as neighbour,
    u.same as same
    from (select ${same} as same limit 1) as u`;
  }
  return sql<PageRow>`select
    ${rows} as rows,
    ${total} as total,
    ${state} as state,
    ${neighbour} as neighbour`;
}

/**
 * In place of a page statement (HeldRows.lastWritten): the count and the learner's state as
 * `pageStatement` reads them, and in full, as `rows`, the rows of `filtered` at a version above
 * `since` (by the learner's (user_id, updated_at) index: a few rows after a write), at most
 * CHANGES_READ_MAX + 1, so a reader knows when there were more. No window: the page is the one
 * last written at the address with these rows at their versions (`changedPage`).
 */
function changesStatement(
  engine: Db['engine'],
  filtered: Filtered,
  columns: readonly string[],
  since: number | null,
  counted: Counted,
): RawBuilder<PageRow> {
  const changed = filtered
    .select(selectedColumns(columns))
    .where(sql<boolean>`updated_at > ${since}`)
    .limit(CHANGES_READ_MAX + 1);
  return pageRow(filtered, counted, sql`(select ${arrayAggregate(engine, columns)} from ${changed} as q)`, sql`0`);
}

/** The page a page statement's row gives, in ascending id order. */
function pageOf<R>(row: PageRow | undefined, perPage: number, cursor: Cursor, decode: (value: unknown) => R[]): Page<R> {
  const fetched = decode(row?.rows);
  const more = fetched.length > perPage;
  const found = fetched.length > 0 && Number(row?.neighbour) === 1;
  const backwards = cursor.beforeId !== undefined;
  return {
    // Backwards, the window holds the rows just below the cursor: the one too many is the lowest.
    rows: backwards && more ? fetched.slice(1) : fetched.slice(0, perPage),
    totalCount: Number(row?.total ?? 0),
    hasNext: backwards ? found : more,
    hasPrevious: backwards ? more : found,
  };
}

/** A learner's page statement's values: its numbers and strings are the compiled statement's parameters. */
interface LearnerPageValues<F> {
  readonly userId: number;
  readonly filters: F;
  readonly limit: number;
  /** Both ids present, the absent one undefined: the shape then names the cursor's kind. */
  readonly cursor: { readonly beforeId: number | undefined; readonly afterId: number | undefined };
  readonly counted: boolean;
  readonly kept: KeptCount | null;
  /** For the `changed` aggregate: rows at a version above it are read in full. */
  readonly since: number | null;
  /** When the statement reads for a credential's owner (`credentialPage`); `userId` then only names the kept count. */
  readonly credential: { readonly hashes: CredentialHashes; readonly now: number } | null;
  /** With a credential: the stored page looked up by the same statement, the page read against it (`afterStoredPage`). */
  readonly stored: { readonly address: string; readonly writer: string } | null;
  /** Without `stored`: the bounds of the page held whole (HeldRows.sameIf), its links 0 or 1. */
  readonly sameIf: {
    readonly lastId: number;
    readonly rowCount: number;
    readonly totalCount: number;
    readonly hasNext: number;
    readonly hasPrevious: number;
  } | null;
}

/**
 * The page held whole that a page statement tests its page against before reading the window
 * (`sameAsBounds`): a whole collection's page read forwards against held rows (`changed`), its
 * bounds those of the stored page looked up by the same statement, or given (HeldRows.sameIf), its
 * newest row at `since`. Null otherwise: filters (a count of their own, rows a write may move in or
 * out without a version of theirs in the range), and a backward cursor, read as before.
 */
function boundsHeld<F>(
  v: LearnerPageValues<F>,
  aggregate: PageAggregate,
  unfiltered: boolean,
  since: number | Expression<number> | null,
): BoundsHeld | null {
  if (aggregate !== 'changed' || !unfiltered || v.cursor.beforeId !== undefined || since === null) return null;
  if (v.stored !== null) {
    const column = (name: string) => sql.ref<number>(`s.${name}`);
    return {
      lastId: column('last_id'),
      rowCount: column('row_count'),
      totalCount: column('total_count'),
      hasNext: column('has_next'),
      hasPrevious: column('has_previous'),
      newest: since,
    };
  }
  return v.sameIf === null ? null : { ...v.sameIf, newest: since };
}

/**
 * What a learner's page aggregates of its rows: every column of each, or each row's id and version
 * with every column of only the rows newer than the values' `since` (`changedAggregate`); or, with
 * no window, every column of only the collection's rows newer than `since` (`changesStatement`).
 */
type PageAggregate = 'rows' | 'changed' | 'changesOnly';

/** The page statements of each collection, compiled per shape (`compiledPerShape`'s fixed text: engine and aggregate). */
const learnerStatements = new WeakMap<LearnerCollection<never>, ReturnType<typeof learnerStatementRunner>>();

function learnerStatementRunner<F>(collection: LearnerCollection<F>) {
  return compiledPerShape<LearnerPageValues<F>, PageRow>((db, fixed, v) => {
    const [engine, aggregate] = fixed.split(' ') as [Db['engine'], PageAggregate];
    const { columns } = collection;
    // Against a stored page looked up by the same statement, rows newer than its newest are read in full.
    const since = v.stored === null ? v.since : sql.ref<number>('s.data_updated_at');
    const learner: LearnerId = v.credential === null ? v.userId : sql.ref<number>('o.id');
    const counted = collection.unfiltered(v.filters)
      ? { userId: learner, column: collection.counted }
      : v.counted
        ? { userId: learner, kept: v.kept }
        : null;
    const filtered = collection.filtered(db, learner, v.filters);
    let page: RawBuilder<PageRow>;
    if (aggregate === 'changesOnly') page = changesStatement(engine, filtered, columns, v.since, counted);
    else {
      const [selected, aggregated] =
        aggregate === 'rows'
          ? [selectedColumns(columns), arrayAggregate(engine, columns)]
          : [changedSelected(engine, columns, since), changedAggregate(engine)];
      page = pageStatement(
        filtered,
        selected,
        aggregated,
        v.limit,
        v.cursor,
        counted,
        boundsHeld(v, aggregate, collection.unfiltered(v.filters), since),
      );
    }
    const statement =
      v.credential === null
        ? page
        : v.stored === null
          ? credentialPage(db, page, v.credential)
          : afterStoredPage(db, page, v.credential, v.stored);
    const compiled = statement.compile(db);
    const marks = `${engine === 'postgres' && withoutFilterValues(v.filters) ? GENERIC_PLAN : ''}${v.stored === null ? '' : BODY_AS_BYTES}`;
    return marks === '' ? compiled : { ...compiled, sql: `${marks}${compiled.sql}` };
  }, MAX_PAGE_SHAPES);
}

/**
 * Whether a page's filters carry no number or string (each absent, or a boolean flag): a learner's
 * whole collection as a full sync reads it, or a part of it told by flags alone. Such a page
 * statement runs with PostgreSQL's generic plan from its first execution on a connection
 * (src/db/generic-plans.ts): its parameters are then the learner, the cursor, the versions held and
 * the credential, for which one plan serves every learner, and planning it afresh (the first five
 * runs on each connection) cost more than running it (docs/decisions.md, "Generic plans for a
 * full sync's page statements"). A filter with a value keeps PostgreSQL's own choice:
 * `updated_after` or a time bound is selective in ways a plan made without the value cannot see.
 */
function withoutFilterValues(filters: unknown): boolean {
  return Object.values(filters as object).every((value) => value === undefined || typeof value === 'boolean');
}

/**
 * A page statement read for the owner of a credential (`credentialUserId`: the live API token's
 * account, else the live session's, enabled accounts only), aliased `o`, with the owner's uuid,
 * change stamp and the content version: what the credential check reads, in the same statement
 * and snapshot as the page. No row when the credential does not pass.
 */
function credentialPage(
  db: Executor,
  page: RawBuilder<PageRow>,
  credential: { readonly hashes: CredentialHashes; readonly now: number },
): RawBuilder<OwnedPageRow> {
  return sql<OwnedPageRow>`select p.*, o.id as owner_id, o.uuid as owner_uuid, o.change_stamp as owner_stamp, ${contentVersionColumn(db)}
    from users as o cross join lateral (${page}) as p
    where o.id = ${credentialUserId(db, credential.hashes, credential.now)}`;
}

/**
 * `credentialPage` with the page stored for the credential's owner at `stored.address` looked up
 * too (StoredPageRow's columns; stored-pages.ts), and the page read only when that page is one to
 * read against (http/collection-routes.ts, againstStored): stored by this writer for this learner
 * and content under another change stamp than the one read here (its version is
 * `${writer} ${uuid}@${change stamp} ${content version}`, as http/stored-pages.ts stores it),
 * with a rows' key and a newest version. Otherwise the page's columns are null and none of its
 * subqueries run (the gate is a one-time filter of a subquery kept apart by OFFSET 0; pulled up
 * into the join, PostgreSQL evaluated the page and filtered it afterwards). One round trip a page
 * after a write, where the look-up and the page statement were two (docs/decisions.md, "A stored
 * page's look-up and its page statement in one (PostgreSQL)").
 */
function afterStoredPage(
  db: Executor,
  page: RawBuilder<PageRow>,
  credential: { readonly hashes: CredentialHashes; readonly now: number },
  stored: { readonly address: string; readonly writer: string },
): RawBuilder<OwnedPageRow & StoredPageRow> {
  return sql<OwnedPageRow & StoredPageRow>`select p.*, o.id as owner_id, o.uuid as owner_uuid, o.change_stamp as owner_stamp,
      c.content_version, s.body, s.etag, s.data_updated_at, s.version, s.rows_key,
      s.last_id, s.row_count, s.total_count, s.has_next, s.has_previous
    from users as o
    left join lateral (select version as content_version from content_version where id = 1) as c on true
    left join lateral (${storedPageAt(db, sql.ref<number>('o.id'), stored.address)}) as s on true
    left join lateral (select * from (${page}) as g
      where s.rows_key is not null and s.data_updated_at is not null
        and starts_with(s.version, concat(${stored.writer}::text, ' ', o.uuid, '@'))
        and s.version like concat('% ', coalesce(c.content_version, 0))
        and s.version <> concat(${stored.writer}::text, ' ', o.uuid, '@', o.change_stamp, ' ', coalesce(c.content_version, 0))
      offset 0) as p on true
    where o.id = ${credentialUserId(db, credential.hashes, credential.now)}`;
}

/** A learner's page statement's row, keeping the count it read when it may be kept. */
async function learnerPageRow<F>(
  db: Db,
  collection: LearnerCollection<F>,
  aggregate: PageAggregate,
  userId: number,
  f: F,
  perPage: number,
  cursor: Cursor,
  since: number | null,
  credential: CredentialInRead | null = null,
  stored: StoredPageHeld | null = null,
  sameIf: PageBounds | null = null,
): Promise<PageRow | OwnedPageRow | (OwnedPageRow & StoredPageRow) | undefined> {
  let run = learnerStatements.get(collection as LearnerCollection<never>) as ReturnType<typeof learnerStatementRunner<F>> | undefined;
  if (run === undefined) {
    run = learnerStatementRunner(collection);
    learnerStatements.set(collection as LearnerCollection<never>, run as never);
  }
  // A whole collection's count is the account's (`pageRow`): nothing to keep.
  const counted = !collection.unfiltered(f) && collection.countKept(f);
  const keptAs = (learner: number) => `${learner} ${collection.name} ${JSON.stringify(f)}`;
  const kept = counted ? (db.keptCounts.get(keptAs(userId)) ?? null) : null;
  const values = {
    userId,
    filters: f,
    limit: perPage + 1,
    cursor: { beforeId: cursor.beforeId, afterId: cursor.afterId },
    counted,
    kept,
    since,
    credential: credential && { hashes: credential.hashes, now: credential.now },
    stored: stored && { address: stored.address, writer: stored.writer },
    sameIf: sameIf && {
      lastId: sameIf.lastId,
      rowCount: sameIf.rowCount,
      totalCount: sameIf.totalCount,
      hasNext: Number(sameIf.hasNext),
      hasPrevious: Number(sameIf.hasPrevious),
    },
  };
  const { rows } = await run(db.kysely, `${db.engine} ${aggregate}`, values);
  const row = rows[0];
  // Kept for the learner read: a credential's owner is not always the one expected.
  const learner = row !== undefined && 'owner_id' in row ? (row as OwnedPageRow).owner_id : userId;
  if (counted && row?.state != null) db.keptCounts.set(keptAs(learner), { state: row.state, count: Number(row.total) });
  return row;
}

/** `pageById` over a learner's collection, its count kept while the learner's state stays. */
export async function pageLearnerById<R extends { id: number }, F>(
  db: Db,
  collection: LearnerCollection<F>,
  userId: number,
  f: F,
  perPage: number,
  cursor: Cursor,
): Promise<Page<R>> {
  const row = await learnerPageRow(db, collection, 'rows', userId, f, perPage, cursor, null);
  return pageOf(row, perPage, cursor, rowsDecoder<R>(collection.columns));
}

/**
 * A page against held rows selects of each row its id, its version, and its columns as one JSON
 * array only when its version is above `since` (null otherwise): the other rows' columns are never
 * read (selecting them all made SQLite's page statement half as long again, 0.38 -> 0.66 ms of CPU
 * a page of 500).
 */
function changedSelected(engine: Db['engine'], columns: readonly string[], since: number | Expression<number> | null): Selected {
  const values = sql.join(columns.map((c) => sql.ref(c)));
  const row = engine === 'postgres' ? sql`json_build_array(${values})` : sql`json_array(${values})`;
  return [
    sql.ref('id').as('id'),
    sql.ref('updated_at').as('updated_at'),
    sql`case when updated_at > ${since} then ${row} end`.as('changed'),
  ];
}

/**
 * The window's ids and versions as two flat JSON arrays, and the rows `changedSelected` read in
 * full, in one value (`[[ids], [versions], [[row], ...]]`): the aggregates of one select see the
 * rows in the same order, and V8 parses flat arrays of numbers several times faster than an array
 * per row (a third of the page statement's CPU in JS, bench/README.md, sixth pass). The rows that
 * changed come in the same statement, so a page with a changed row is one round trip, not two.
 * (SQLite's `json()` gives the text read through the subquery back its JSON type, or it would be
 * aggregated as a string.)
 */
function changedAggregate(engine: Db['engine']): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`json_build_array(coalesce(json_agg(q.id), '[]'::json), coalesce(json_agg(q.updated_at), '[]'::json), coalesce(json_agg(q.changed) filter (where q.changed is not null), '[]'::json))`
    : sql`json_array(json_group_array(q.id), json_group_array(q.updated_at), json_group_array(json(q.changed)) filter (where q.changed is not null))`;
}

/**
 * `pageLearnerById` for a caller that keeps rows' bytes by version (http/kept-rows.ts). With
 * `held.since`, the page statement reads each row's id and updated_at (with the count and the
 * neighbour test, as `pageById`) and in full only the rows at a version above it: the caller kept
 * the rows at or below it that it wrote at this address before, so one statement serves a page
 * after a write. A row at or below it that the caller does not hold at that version (evicted, or
 * come into the window) is read by one more statement. Every write of a row moves its updated_at
 * (docs/decisions.md, "Kept row bytes"), so a held row at the same version has the same bytes. A
 * row read by that second statement at another version than the page statement saw (a write
 * committed between the two), or no longer there, makes the page be read again whole in one
 * statement, so a page never mixes two states of the data. Without `held.since` the page is read
 * whole at once. When `held.holdsPage` says the caller holds the page the statement read (every
 * row at its version), nothing more is read or asked.
 *
 * With a StoredPageHeld for `held` (PostgreSQL, with `credential`), the page statement looks up
 * the page stored at its address too (`afterStoredPage`), and the page is read against what its
 * `found` says is held of it; null when it says nothing is to be read. Should it ask for a page the
 * statement did not read (one stored under a version the statement took for current), the page is
 * read by one more statement.
 *
 * With `held.lastWritten` (the page last written at the address, its rows held), the first
 * statement is `changesStatement`: the count, the state and the rows changed since that page was
 * read, no window. When those show the learner's rows to be the ones that page was read from
 * (`changedPage`), the page is that page with the changed rows at their versions: nothing of the
 * 500 rows' ids and versions is read. Otherwise (rows inserted or deleted since, more changes than
 * a page, a row not held) the page statement follows, as above, without the credential (already
 * checked). Either way the changes read are the page's `changes`.
 */
export async function pageByIdAgainst<Row extends { id: number; updated_at: number }, R, F>(
  db: Db,
  collection: LearnerCollection<F>,
  userId: number,
  f: F,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  toRecord: (row: Row) => R,
  /** Checked by the page statement itself, which then reads for the credential's owner; `userId` is the owner expected. */
  credential: CredentialInRead | null = null,
): Promise<HeldPage<R> | null> {
  let learner = userId;
  // Read whole in one statement: every row in full.
  const whole = async (): Promise<HeldPage<R>> => {
    const read = await pageLearnerById<Row, F>(db, collection, learner, f, perPage, cursor);
    return { ...read, rows: read.rows.map(versionOf), fresh: read.rows.map(toRecord) };
  };
  const stored = 'found' in held ? held : null;
  const lastWritten = 'found' in held ? undefined : held.lastWritten;
  if (!('found' in held) && held.since === null && credential === null && lastWritten === undefined) return whole();
  const { columns } = collection;
  let changed: readonly unknown[][] = [];
  const since = 'found' in held ? BELOW_EVERY_VERSION : (held.since ?? BELOW_EVERY_VERSION);
  // The changes' statement reads no window: its cursor is left out of the statement's shape.
  const [aggregate, firstSince, firstCursor] =
    lastWritten === undefined ? (['changed', since, cursor] as const) : (['changesOnly', lastWritten.readAt, {}] as const);
  const sameIf = stored === null && lastWritten === undefined ? (held as HeldRows).sameIf : undefined;
  let row = await learnerPageRow(
    db,
    collection,
    aggregate,
    userId,
    f,
    perPage,
    firstCursor,
    firstSince,
    credential,
    stored,
    sameIf ?? null,
  );
  if (credential !== null) {
    if (row === undefined || !('owner_id' in row)) throw credential.refused();
    learner = row.owner_id;
    const owner = { userId: row.owner_id, uuid: row.owner_uuid, changeStamp: row.owner_stamp, contentVersion: row.content_version ?? 0 };
    if (!credential.accept(owner)) return whole();
  }
  let changes: ChangesRead | undefined;
  if (lastWritten !== undefined) {
    const read = rowsDecoder<Row>(columns)(row?.rows);
    const totalCount = Number(row?.total ?? 0);
    changes = { totalCount, ids: read.length > CHANGES_READ_MAX ? null : read.map((r) => r.id) };
    const page =
      changes.ids === null
        ? null
        : changedPage(lastWritten, totalCount, read, held as HeldRows, perPage, cursor.beforeId !== undefined, toRecord);
    if (page !== null) return { ...page, changes };
    row = await learnerPageRow(db, collection, 'changed', learner, f, perPage, cursor, since);
  }
  let against: HeldRows;
  if ('found' in held) {
    const found = held.found(row === undefined ? undefined : storedPageOf(row as StoredPageRow));
    if (found === null) return null;
    against = found;
    if (Number(row?.same) === 1 && found.sameIf !== undefined) return sameAsHeld(found.sameIf);
    // The statement took the stored page for current, or for none to read against: the page is read now.
    if (row?.rows === null)
      row = await learnerPageRow(db, collection, 'changed', learner, f, perPage, cursor, found.since ?? BELOW_EVERY_VERSION);
  } else {
    against = held;
    if (Number(row?.same) === 1 && held.sameIf !== undefined) return sameAsHeld(held.sameIf);
  }
  const page = pageOf(row, perPage, cursor, (value) => {
    const [ids, versions, full] = parsedRows<unknown>(value) as [number[], number[], unknown[][]];
    changed = full;
    const rows = new Array<RowVersion>(ids.length);
    for (let i = 0; i < ids.length; i += 1) rows[i] = { id: ids[i]!, updatedAt: versions[i]! };
    return rows.sort((x, y) => x.id - y.id);
  });
  if (against.holdsPage?.(page) === true) return { ...page, fresh: [], changes };
  // The newer rows may hold the window's one row too many: harmless, the caller writes the page's rows only.
  const fresh = changed.map((values) => rowOf<Row>(columns, values));
  const read = new Set<number>();
  for (const r of fresh) read.add(r.id);
  const wanted = new Map<number, number>();
  for (const v of page.rows) if (!read.has(v.id) && !against.has(v.id, v.updatedAt)) wanted.set(v.id, v.updatedAt);
  if (wanted.size === 0) return { ...page, fresh: fresh.map(toRecord), changes };
  const more = await rowsAsArrays<unknown[]>(
    db.kysely,
    db.engine,
    collection
      .filtered(db.kysely, learner, f)
      .select(selectedColumns(columns))
      .where(sql.ref('id'), 'in', [...wanted.keys()]),
    columns,
  );
  const missing = more.map((values) => rowOf<Row>(columns, values));
  if (missing.length === wanted.size && missing.every((r) => wanted.get(r.id) === r.updated_at)) {
    return { ...page, fresh: [...fresh, ...missing].map(toRecord), changes };
  }
  return whole();
}

/** The page a statement showed to be the page held whole, of these bounds (`sameAsBounds`): nothing of its rows read. */
function sameAsHeld<R>(bounds: PageBounds): HeldPage<R> {
  return { rows: [], totalCount: bounds.totalCount, hasNext: bounds.hasNext, hasPrevious: bounds.hasPrevious, fresh: [], sameAsHeld: true };
}

/**
 * The page last written at the address (`lastWritten`) with the rows changed since at their
 * versions, or null when that is not shown to be the page now. `changed` is every row of the
 * collection at a version above `lastWritten.readAt`, read with `totalCount` in one snapshot. Every
 * row written or inserted since that page was read is among them (every write sets a row's
 * updated_at to the learner's next change stamp, docs/decisions.md, "Kept row bytes"), and ids are
 * never handed out again. Of the `unknown` ones (not `existedBy`), at most all were inserted since
 * and none of the others: when the count is the page's plus theirs, exactly they were inserted and
 * nothing was deleted. The learner's rows are then the page's snapshot's and these, a row not among
 * `changed` at the version that page read (no write has moved it since). The window is the page's
 * when none was inserted; rows inserted above the page's last id are beyond a page with a next one
 * (only the count moves) or, going forwards, join the end of the last page. Any other insert (below
 * the page's last id, or with a backward cursor) is not placed here. The rows of the page among
 * `changed` are its `fresh` rows; the others are the caller's, in that page's bytes.
 */
function changedPage<Row extends { id: number; updated_at: number }, R>(
  lastWritten: LastWrittenPage,
  totalCount: number,
  changed: readonly Row[],
  held: HeldRows,
  perPage: number,
  backwards: boolean,
  toRecord: (row: Row) => R,
): HeldPage<R> | null {
  const before = lastWritten.page;
  const byId = new Map<number, Row>();
  const inserted: Row[] = [];
  for (const r of changed) {
    if (lastWritten.existedBy(r.id)) byId.set(r.id, r);
    else inserted.push(r);
  }
  if (totalCount !== before.totalCount + inserted.length) return null;
  const last = before.rows.at(-1)?.id;
  if (inserted.length > 0 && (backwards || last === undefined || inserted.some((r) => r.id < last))) return null;
  const fresh: Row[] = [];
  const rows = before.rows.map((v) => {
    const now = byId.get(v.id);
    if (now === undefined) return v;
    fresh.push(now);
    return { id: v.id, updatedAt: now.updated_at };
  });
  let { hasNext } = before;
  if (!hasNext) {
    // Going forwards, the last page held every row after its cursor: the new rows (ascending, as read) follow them.
    for (const r of inserted) {
      if (rows.length === perPage) {
        hasNext = true;
        break;
      }
      rows.push({ id: r.id, updatedAt: r.updated_at });
      fresh.push(r);
    }
  }
  const page = { rows, totalCount, hasNext, hasPrevious: before.hasPrevious };
  if (held.holdsPage?.(page) === true) return { ...page, fresh: [], asLastWritten: true };
  return { ...page, fresh: fresh.map(toRecord), asLastWritten: true };
}

function versionOf(row: { id: number; updated_at: number }): RowVersion {
  return { id: row.id, updatedAt: row.updated_at };
}

export function whereIdFilters<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  f: IdFilters,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (f.ids) q = q.where(sql.ref('id'), 'in', f.ids);
  if (f.updatedAfter !== undefined) q = q.where(sql.ref('updated_at'), '>', f.updatedAfter);
  return q;
}

export function whereSubjectScoped<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  f: SubjectScopedFilters,
): SelectQueryBuilder<DB, TB, O> {
  let q = whereIdFilters(query, f);
  if (f.subjectIds) q = q.where(sql.ref('subject_id'), 'in', f.subjectIds);
  if (f.subjectTypes) q = q.where(sql.ref('subject_type'), 'in', f.subjectTypes);
  if (f.hidden !== undefined) q = q.where(sql.ref('hidden'), '=', f.hidden ? 1 : 0);
  return q;
}
