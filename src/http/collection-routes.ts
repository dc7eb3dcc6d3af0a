import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { Cursor, Page } from '../shared/paging.js';
import type { Result } from '../shared/result.js';
import { collection, newest, resource, type Urls } from './envelopes.js';
import { valueOrThrow } from './errors.js';
import type { RawQuery } from './filters.js';
import { readCursor } from './paging.js';
import { pathId } from './params.js';
import { CollectionSchema, IdParam, PAGING_QUERY, Query, ResourceSchema, errors } from './schemas.js';

/** A record that can be put in a resource envelope. */
export interface Enveloped {
  id: number;
  updatedAt: number;
}

/** A reference-shaped collection `GET /<path>` with its `GET /<path>/{id}`. */
export interface CollectionSpec<R extends Enveloped, F> {
  path: string;
  object: string;
  perPage: number;
  tag: string;
  /** Query parameters, with a description each, for the OpenAPI document. */
  query: Record<string, string>;
  data: TSchema;
  readFilters(query: RawQuery, request: FastifyRequest): F | Promise<F>;
  list(request: FastifyRequest, filters: F, cursor: Cursor): Promise<Page<R>>;
  get(request: FastifyRequest, id: number): Promise<Result<R>>;
  present(record: R): unknown;
}

/** Registers both routes of a collection: paging, filters, envelopes and conditional requests. */
export function registerCollection<R extends Enveloped, F>(app: FastifyInstance, urls: Urls, spec: CollectionSpec<R, F>): void {
  const item = ResourceSchema(spec.data);
  const envelope = (record: R) => resource(urls, spec.path, spec.object, record.id, record.updatedAt, spec.present(record));

  app.get(
    spec.path,
    {
      schema: {
        tags: [spec.tag],
        querystring: Query({ ...spec.query, ...PAGING_QUERY }),
        response: { 200: CollectionSchema(item), ...errors(401, 422) },
      },
      config: { cacheable: true },
    },
    async (request, reply) => {
      const query = request.query as RawQuery;
      const filters = await spec.readFilters(query, request);
      const page = await spec.list(request, filters, readCursor(query));
      const updatedAt = newest(page.rows.map((r) => r.updatedAt));
      reply.dataUpdatedAt = updatedAt;
      return collection(urls, request, spec.path, spec.perPage, page, page.rows.map(envelope), updatedAt);
    },
  );

  app.get(
    `${spec.path}/:id`,
    { schema: { tags: [spec.tag], params: IdParam, response: { 200: item, ...errors(401, 404) } }, config: { cacheable: true } },
    async (request, reply) => {
      const record = valueOrThrow(await spec.get(request, pathId((request.params as { id: string }).id)));
      reply.dataUpdatedAt = record.updatedAt;
      return envelope(record);
    },
  );
}
