import type { Static, TSchema } from 'typebox';
import type { Cursor, Page } from '../shared/paging.js';
import type { Result } from '../shared/result.js';
import { collectionJson, newest, resource, resourceJson, type ResourceEnvelope, type Urls } from './envelopes.js';
import { valueOrThrow } from './errors.js';
import type { RawQuery } from './filters.js';
import { readCursor } from './paging.js';
import { pathId } from './params.js';
import type { RouteApp } from './plugin.js';
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
  get(userId: number, id: number): Promise<Result<R>>;
  present(record: R): Static<D>;
}

type ErrorReply = Static<typeof ErrorBody>;

/** Registers both routes of a collection: paging, filters, envelopes and conditional requests. */
export function registerCollection<R extends Enveloped, F, D extends TSchema>(
  app: RouteApp,
  urls: Urls,
  spec: CollectionSpec<R, F, D>,
): void {
  const item = ResourceSchema(spec.data);
  const query = Query({ ...spec.query, ...PAGING_QUERY });
  const envelope = (record: R): ResourceEnvelope<Static<D>> =>
    resource(urls, spec.path, spec.object, record.id, record.updatedAt, spec.present(record));

  // Pages are answered as JSON text assembled from each row's data (envelopes.ts, collectionJson);
  // the schema still documents the shape. Single resources go through the schema's serializer.
  app.get<{ Querystring: Static<typeof query>; Reply: string | ErrorReply }>(
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
      const page = await spec.list(request.userId, filters, readCursor(request.query));
      const updatedAt = newest(page.rows.map((r) => r.updatedAt));
      reply.dataUpdatedAt = updatedAt;
      const items = page.rows.map((r) => resourceJson(urls, spec.path, spec.object, r.id, r.updatedAt, JSON.stringify(spec.present(r))));
      reply.type('application/json; charset=utf-8');
      return collectionJson(urls, request, spec.path, spec.perPage, page, updatedAt, items);
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
