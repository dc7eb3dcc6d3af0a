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
import type { IdParam } from '../../schemas.js';
import { subjectCollectionJson, subjectJson } from './present.js';
import { getSubjectSchema, listSubjectsSchema, type SubjectsQuery } from './schema.js';

/**
 * Subjects are answered with JSON text assembled from their stored, already validated `data`
 * (see present.ts), so these routes declare a text reply; the schemas still document the shape.
 */
export function subjectRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get<{ Querystring: Static<typeof SubjectsQuery>; Reply: string }>(
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
        const page = await listSubjects(deps, filters, PER_PAGE_LARGE, readCursor(query));
        const { body, updatedAt } = subjectCollectionJson(urls, request, PER_PAGE_LARGE, page);
        reply.dataUpdatedAt = updatedAt;
        reply.type('application/json');
        return body;
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
