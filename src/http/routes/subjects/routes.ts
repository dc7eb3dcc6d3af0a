import type { Static } from 'typebox';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import type { Deps } from '../../../services/deps.js';
import { getSubject, listSubjects } from '../../../services/subjects.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { bool, enumList, intList, stringList, updatedAfter } from '../../filters.js';
import { PER_PAGE_LARGE, readCursor } from '../../paging.js';
import { pathId } from '../../params.js';
import type { RoutePlugin } from '../../plugin.js';
import { PreparedPage, PreparedPageCache } from '../../prepared-pages.js';
import type { IdParam } from '../../schemas.js';
import { subjectCollectionJson, subjectJson } from './present.js';
import { getSubjectSchema, listSubjectsSchema, type SubjectsQuery } from './schema.js';

/**
 * Subjects are answered with JSON text assembled from their stored, already validated `data`
 * (see present.ts), so these routes declare a text reply; the schemas still document the shape.
 *
 * Subjects change only when their rows are written (a content import), so a page of the collection
 * is built once per content version and request address and then served as stored bytes, plain or
 * precompressed as the client accepts (see docs/decisions.md, "Subject page cache"). The credential
 * is still checked on every request (its statement also reads the content version), and filters
 * are still validated before the cache is asked.
 */
export function subjectRoutes(deps: Deps, urls: Urls): RoutePlugin {
  const pages = new PreparedPageCache(deps.config.subjectPageCacheMb);
  return async (app) => {
    app.get<{ Querystring: Static<typeof SubjectsQuery>; Reply: string | Buffer }>(
      '/subjects',
      { schema: listSubjectsSchema, config: { cacheable: true } },
      async (request, reply) => {
        const query = request.query;
        const filters = {
          ids: intList(query, 'ids'),
          types: enumList(query, 'types', SUBJECT_TYPES),
          slugs: stringList(query, 'slugs'),
          levels: intList(query, 'levels'),
          hidden: bool(query, 'hidden'),
          updatedAfter: updatedAfter(query),
        };
        const cursor = readCursor(query);
        const page = await pages.get(request.contentVersion, request.url, async () => {
          const rows = await listSubjects(deps, filters, PER_PAGE_LARGE, cursor);
          const { body, updatedAt } = subjectCollectionJson(urls, request, PER_PAGE_LARGE, rows);
          return new PreparedPage(body, updatedAt);
        });
        const prepared = await page.body(request.headers['accept-encoding']);
        reply.dataUpdatedAt = page.updatedAt;
        reply.preparedEtag = prepared.etag;
        reply.header('Vary', 'Accept-Encoding');
        if (prepared.coding !== null) reply.header('Content-Encoding', prepared.coding);
        reply.type('application/json');
        return prepared.bytes;
      },
    );

    app.get<{ Params: Static<typeof IdParam>; Reply: string }>(
      '/subjects/:id',
      { schema: getSubjectSchema, config: { cacheable: true } },
      async (request, reply) => {
        const subject = valueOrThrow(await getSubject(deps, pathId(request.params.id)));
        reply.dataUpdatedAt = subject.updatedAt;
        reply.type('application/json');
        return subjectJson(urls, subject);
      },
    );
  };
}
