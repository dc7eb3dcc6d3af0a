import Type, { type TSchema, type TSchemaOptions } from 'typebox';
import { SUBJECT_TYPES } from '../domain/subjects.js';
import { MAX_INT32 } from '../shared/ids.js';

/** Building blocks shared by the route schemas (which also generate the OpenAPI document). */
export const Timestamp = Type.String({ format: 'date-time', description: 'ISO-8601 UTC with milliseconds' });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const NullableString = Type.Union([Type.String(), Type.Null()]);
export const IdList = Type.Array(Type.Integer());
/** A row id in a write body: ids are 32-bit on PostgreSQL, so anything larger names nothing and is refused up front. */
export const RowId = Type.Integer({ minimum: 1, maximum: MAX_INT32 });

/**
 * One of a fixed list of strings, written as `anyOf` constants; the static type is the list's union
 * (TypeBox cannot infer it from a mapped array).
 */
export function OneOf<const T extends readonly string[]>(values: T, options: TSchemaOptions = {}) {
  return Type.Unsafe<T[number]>(
    Type.Union(
      values.map((v) => Type.Literal(v)),
      options,
    ),
  );
}

/** An object with any keys (preferences, attribution), typed as a record of unknown values. */
export function OpenObject(options: TSchemaOptions = {}) {
  return Type.Unsafe<Record<string, unknown>>(Type.Object({}, { ...options, additionalProperties: true }));
}

export const ErrorBody = Type.Object(
  { error: Type.String(), code: Type.Integer() },
  { description: 'Every error: a human-readable sentence and the HTTP status.' },
);

export type ErrorStatus = 401 | 404 | 422;

/** Error responses a route can give, for the OpenAPI document and the reply types. */
export function errors<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorBody])) as { [K in S[number]]: typeof ErrorBody };
}

export function ResourceSchema<T extends TSchema>(data: T, object: TSchema = Type.String()) {
  return Type.Object({
    id: Type.Integer(),
    object,
    url: Type.String(),
    data_updated_at: Timestamp,
    data,
  });
}

export function CollectionSchema<T extends TSchema>(item: T) {
  return Type.Object({
    object: Type.Literal('collection'),
    url: Type.String(),
    pages: Type.Object({ per_page: Type.Integer(), next_url: NullableString, previous_url: NullableString }),
    total_count: Type.Integer(),
    data_updated_at: NullableTimestamp,
    data: Type.Array(item),
  });
}

export function ReportSchema<T extends TSchema>(data: T, object: TSchema = Type.String()) {
  return Type.Object({
    object,
    url: Type.String(),
    data_updated_at: NullableTimestamp,
    data,
  });
}

/** Query parameters are read as text and interpreted by http/filters.ts (comma lists, flags, lenient dates). */
export function Query(names: Record<string, string>) {
  return Type.Object(
    Object.fromEntries(Object.entries(names).map(([name, description]) => [name, Type.Optional(Type.String({ description }))])),
  );
}

export const PAGING_QUERY = {
  page_after_id: 'Return ids greater than this (any value below the smallest id means from the start).',
  page_before_id: 'Return the page of ids just below this.',
} as const;

export const UPDATED_AFTER_QUERY = {
  updated_after: 'ISO-8601 timestamp; rows changed strictly after it. Unparseable values are ignored.',
} as const;

/** Descriptions of the filters every collection takes (see idFilters). */
export const ID_QUERY = { ids: 'Comma-separated ids', ...UPDATED_AFTER_QUERY } as const;

/** Descriptions of the per-subject collections' filters (see subjectScopedFilters). */
export const SUBJECT_SCOPED_QUERY = {
  ids: 'Comma-separated ids',
  subject_ids: 'Comma-separated subject ids',
  subject_types: `Comma-separated: ${SUBJECT_TYPES.join(', ')}`,
  hidden: 'true or false',
  ...UPDATED_AFTER_QUERY,
} as const;

export const IdParam = Type.Object({ id: Type.String({ description: 'Resource id' }) });
