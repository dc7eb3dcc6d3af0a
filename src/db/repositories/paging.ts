import { sql, type SelectQueryBuilder } from 'kysely';
import type { Cursor, Page } from '../../shared/paging.js';
import type { IdFilters, SubjectScopedFilters } from '../../domain/model/filters.js';

/**
 * Id-cursor paging over an already filtered query, in ascending id order. `page_before_id` returns
 * the page just before the cursor. `total_count` counts every row matching the filters.
 */
export async function pageById<DB, TB extends keyof DB, R extends { id: number }>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  select: (query: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
  idColumn: string,
  perPage: number,
  cursor: Cursor,
): Promise<Page<R>> {
  const id = sql.ref(idColumn);
  const exists = async (op: '<' | '>', value: number) =>
    (
      await filtered
        .select(sql<number>`1`.as('one'))
        .where(id, op, value)
        .limit(1)
        .execute()
    ).length > 0;

  let rows: R[];
  let hasNext: boolean;
  let hasPrevious: boolean;
  if (cursor.beforeId !== undefined) {
    const fetched = await select(filtered)
      .where(id, '<', cursor.beforeId)
      .orderBy(id, 'desc')
      .limit(perPage + 1)
      .execute();
    hasPrevious = fetched.length > perPage;
    rows = fetched.slice(0, perPage).reverse();
    const last = rows[rows.length - 1];
    hasNext = last !== undefined && (await exists('>', last.id));
  } else {
    let query = select(filtered);
    if (cursor.afterId !== undefined) query = query.where(id, '>', cursor.afterId);
    const fetched = await query
      .orderBy(id, 'asc')
      .limit(perPage + 1)
      .execute();
    hasNext = fetched.length > perPage;
    rows = fetched.slice(0, perPage);
    const first = rows[0];
    hasPrevious = cursor.afterId !== undefined && first !== undefined && (await exists('<', first.id));
  }
  const counted = (await filtered.select(sql<number>`count(*)`.as('n')).executeTakeFirst()) as { n: number } | undefined;
  return { rows, totalCount: Number(counted?.n ?? 0), hasNext, hasPrevious };
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
