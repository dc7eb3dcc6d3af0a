import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../connect.js';
import { arrayAggregate, parsedRows, rowsAsArrays } from '../json-rows.js';
import type { Database } from '../schema.js';
import type { Cursor, HeldPage, HeldRow, Page, RowVersion } from '../../shared/paging.js';
import type { IdFilters, SubjectScopedFilters } from '../../domain/model/filters.js';

/** What a collection pages: its filtered rows and the columns each row carries. */
export interface PagedQuery {
  readonly filtered: SelectQueryBuilder<Database, keyof Database, object>;
  /** The columns a row is read with, by name; `id` among them. */
  readonly columns: readonly string[];
  /**
   * A learner's rows under filters that read only stored rows: the count is then kept per learner
   * and filter set (`filterKey`, the resolved filters as text) while the learner's state stays.
   */
  readonly countedFor?: { readonly userId: number; readonly filterKey: string };
}

/** A row object from its values in `columns` order (an indexed loop: an entries() iterator per row was most of its cost). */
function rowOf<R>(columns: readonly string[], values: readonly unknown[]): R {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) row[columns[i]!] = values[i];
  return row as R;
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
export function pageById<R extends { id: number }>(db: Db, paged: PagedQuery, perPage: number, cursor: Cursor): Promise<Page<R>> {
  const at = paged.columns.indexOf('id');
  return pageRead(db, paged, perPage, cursor, arrayAggregate(db.engine, paged.columns), (value) =>
    parsedRows<unknown[]>(value)
      .sort((x, y) => (x[at] as number) - (y[at] as number))
      .map((values) => rowOf<R>(paged.columns, values)),
  );
}

/**
 * `pageById`'s statement with the rows aggregated by `aggregate` (over the window aliased `q`) and
 * read back by `decode`, in ascending id order.
 */
async function pageRead<R extends { id: number }>(
  db: Db,
  paged: PagedQuery,
  perPage: number,
  cursor: Cursor,
  aggregate: RawBuilder<unknown>,
  decode: (value: unknown) => R[],
): Promise<Page<R>> {
  const { filtered, columns } = paged;
  const id = sql.ref('id');
  let window = filtered.select(columns.map((c) => sql.ref(c).as(c)));
  let beyond: SelectQueryBuilder<Database, keyof Database, object> | null = null;
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
  const neighbour = beyond === null ? sql`0` : sql`case when exists ${beyond.select(sql`1`.as('one'))} then 1 else 0 end`;
  const { total, state, keptAs } = countOf(db, paged);
  const { rows } = await sql<{ rows: unknown; total: number; state: string | null; neighbour: number }>`select
    (select ${aggregate} from ${window.limit(perPage + 1)} as q) as rows,
    ${total} as total,
    ${state} as state,
    ${neighbour} as neighbour`.execute(db.kysely);
  const row = rows[0];
  if (keptAs !== null && row?.state != null) db.keptCounts.set(keptAs, { state: row.state, count: Number(row.total) });
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

/** What a page against held rows reads of each row first. */
const VERSION_COLUMNS = ['id', 'updated_at'];

/**
 * The window's ids and versions as two flat JSON arrays in one value (`[[ids], [versions]]`): two
 * aggregates of one select see the rows in the same order, and V8 parses flat arrays of numbers
 * several times faster than an array per row (a third of the page statement's CPU in JS,
 * bench/README.md, sixth pass).
 */
function versionsAggregate(engine: Db['engine']): RawBuilder<unknown> {
  return engine === 'postgres'
    ? sql`json_build_array(coalesce(json_agg(q.id), '[]'::json), coalesce(json_agg(q.updated_at), '[]'::json))`
    : sql`json_array(json_group_array(q.id), json_group_array(q.updated_at))`;
}

function versionsOf(value: unknown): RowVersion[] {
  const [ids, versions] = parsedRows<number[]>(value) as [number[], number[]];
  const rows = new Array<RowVersion>(ids.length);
  for (let i = 0; i < ids.length; i += 1) rows[i] = { id: ids[i]!, updatedAt: versions[i]! };
  return rows.sort((x, y) => x.id - y.id);
}

/**
 * `pageById` for a caller that keeps rows' bytes by version (http/kept-rows.ts): the page statement
 * reads only each row's id and updated_at (with the count and the neighbour test, as `pageById`),
 * then one more statement reads in full the rows `held` says the caller lacks. Every write of a row
 * moves its updated_at (docs/decisions.md, "Kept row bytes"), so a held row at the same version has
 * the same bytes. A row read in full at another version than the page statement saw (a write
 * committed between the two), or no longer there, makes the page be read again whole in one
 * statement, so a page never mixes two states of the data.
 */
export async function pageByIdAgainst<Row extends { id: number; updated_at: number }, R>(
  db: Db,
  paged: PagedQuery,
  perPage: number,
  cursor: Cursor,
  held: HeldRow,
  toRecord: (row: Row) => R,
): Promise<HeldPage<R>> {
  const page = await pageRead(db, { ...paged, columns: VERSION_COLUMNS }, perPage, cursor, versionsAggregate(db.engine), versionsOf);
  const wanted = new Map<number, number>();
  for (const v of page.rows) if (!held(v.id, v.updatedAt)) wanted.set(v.id, v.updatedAt);
  if (wanted.size === 0) return { ...page, fresh: [] };
  const { filtered, columns } = paged;
  const read = await rowsAsArrays<unknown[]>(
    db.kysely,
    db.engine,
    filtered.select(columns.map((c) => sql.ref(c).as(c))).where(sql.ref('id'), 'in', [...wanted.keys()]),
    columns,
  );
  const fresh = read.map((values) => rowOf<Row>(columns, values));
  if (fresh.length === wanted.size && fresh.every((row) => wanted.get(row.id) === row.updated_at)) {
    return { ...page, fresh: fresh.map(toRecord) };
  }
  const whole = await pageById<Row>(db, paged, perPage, cursor);
  return { ...whole, rows: whole.rows.map(versionOf), fresh: whole.rows.map(toRecord) };
}

function versionOf(row: { id: number; updated_at: number }): RowVersion {
  return { id: row.id, updatedAt: row.updated_at };
}

/**
 * The page statement's count: for a learner's collection, the kept count when the learner's state
 * read in the same statement (so in the same snapshot as the rows) is the one it was counted in, else
 * the rows counted afresh (both engines evaluate the CASE's other branch only when it is taken).
 * The state is the learner's uuid and change stamp (domain/learner-state-key.ts): every write of
 * the learner's rows moves the stamp in its own transaction.
 */
function countOf(db: Db, paged: PagedQuery): { total: RawBuilder<number>; state: RawBuilder<string | null>; keptAs: string | null } {
  const counted = sql<number>`${paged.filtered.select(sql`count(*)`.as('n'))}`;
  if (paged.countedFor === undefined) return { total: counted, state: sql`null`, keptAs: null };
  const { userId, filterKey } = paged.countedFor;
  const keptAs = `${userId} ${filterKey}`;
  const state = sql<string | null>`(select concat(uuid, '@', change_stamp) from users where id = ${userId})`;
  const kept = db.keptCounts.get(keptAs);
  const total = kept === undefined ? counted : sql<number>`case when ${state} = ${kept.state} then ${kept.count} else ${counted} end`;
  return { total, state, keptAs };
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
