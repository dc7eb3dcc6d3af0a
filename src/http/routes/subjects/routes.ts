import type { FastifyInstance } from 'fastify';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import type { Deps } from '../../../services/deps.js';
import { getSubject, listSubjects } from '../../../services/subjects.js';
import type { Urls } from '../../envelopes.js';
import { valueOrThrow } from '../../errors.js';
import { bool, enumList, intList, stringList, updatedAfter, type RawQuery } from '../../filters.js';
import { PER_PAGE_LARGE, readCursor } from '../../paging.js';
import { pathId } from '../../params.js';
import { subjectCollectionJson, subjectJson } from './present.js';
import { getSubjectSchema, listSubjectsSchema } from './schema.js';

export function subjectRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/subjects', { schema: listSubjectsSchema, config: { cacheable: true } }, async (request, reply) => {
      const query = request.query as RawQuery;
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
      return reply.type('application/json').send(body);
    });

    app.get('/subjects/:id', { schema: getSubjectSchema, config: { cacheable: true } }, async (request, reply) => {
      const subject = valueOrThrow(await getSubject(deps, pathId((request.params as { id: string }).id)));
      reply.dataUpdatedAt = subject.updatedAt;
      return reply.type('application/json').send(subjectJson(urls, subject));
    });
  };
}
