import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { listAssignments, getAssignment, startAssignment } from '../../../services/assignments.js';
import type { Deps } from '../../../services/deps.js';
import { parseIsoInstant } from '../../../shared/time.js';
import { registerCollection } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import { bool, enumList, flag, instant, intList, updatedAfter, type RawQuery } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { pathId } from '../../params.js';
import { IdParam, UPDATED_AFTER_QUERY, errors } from '../../schemas.js';
import { Assignment, AssignmentData, assignmentData, assignmentResource } from './present.js';

const BOOLEAN = 'true or false (only true and 1 are true)';
const FLAG = 'Valueless flag';

const StartBody = Type.Object({ started_at: Type.Optional(Type.String({ description: 'ISO-8601; defaults to now' })) });

const startSchema = {
  tags: ['study'],
  summary: 'Start a lesson (optional body, bare or {assignment: {...}})',
  params: IdParam,
  body: StartBody,
  response: { 200: Assignment, ...errors(401, 404, 422) },
};

function readFilters(query: RawQuery) {
  return {
    ids: intList(query, 'ids'),
    subjectIds: intList(query, 'subject_ids'),
    subjectTypes: enumList(query, 'subject_types', SUBJECT_TYPES),
    srsStages: intList(query, 'srs_stages'),
    levels: intList(query, 'levels'),
    unlocked: bool(query, 'unlocked'),
    started: bool(query, 'started'),
    passed: bool(query, 'passed'),
    burned: bool(query, 'burned'),
    hidden: bool(query, 'hidden'),
    resurrected: bool(query, 'resurrected'),
    availableAfter: instant(query, 'available_after'),
    availableBefore: instant(query, 'available_before'),
    updatedAfter: updatedAfter(query),
    immediatelyAvailableForLessons: flag(query, 'immediately_available_for_lessons'),
    immediatelyAvailableForReview: flag(query, 'immediately_available_for_review'),
    inReview: flag(query, 'in_review'),
  };
}

export function assignmentRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    registerCollection(app, urls, {
      path: '/assignments',
      object: 'assignment',
      perPage: PER_PAGE_DEFAULT,
      tag: 'study',
      query: {
        ids: 'Comma-separated assignment ids',
        subject_ids: 'Comma-separated subject ids',
        subject_types: `Comma-separated: ${SUBJECT_TYPES.join(', ')}`,
        srs_stages: 'Comma-separated stages 0-9',
        levels: "Comma-separated levels (the subject's)",
        unlocked: BOOLEAN,
        started: BOOLEAN,
        passed: BOOLEAN,
        burned: BOOLEAN,
        hidden: BOOLEAN,
        resurrected: `${BOOLEAN}; true means brought back from burned at least once`,
        available_after: 'ISO-8601, inclusive',
        available_before: 'ISO-8601, inclusive',
        immediately_available_for_lessons: FLAG,
        immediately_available_for_review: FLAG,
        in_review: FLAG,
        ...UPDATED_AFTER_QUERY,
      },
      data: AssignmentData,
      readFilters,
      list: (request, filters, cursor) => listAssignments(deps, request.userId, filters, PER_PAGE_DEFAULT, cursor),
      get: (request, id) => getAssignment(deps, request.userId, id),
      present: assignmentData,
    });

    app.put('/assignments/:id/start', { schema: startSchema, config: { bodyWrapper: 'assignment', idempotent: true } }, async (request) => {
      const id = pathId((request.params as { id: string }).id);
      const body = request.body as Static<typeof StartBody>;
      let startedAt: number | null = null;
      if (body.started_at !== undefined) {
        startedAt = parseIsoInstant(body.started_at);
        if (startedAt === null) throw unprocessableError('started_at must be an ISO-8601 timestamp.');
      }
      return assignmentResource(urls, valueOrThrow(await startAssignment(deps, request.userId, id, startedAt, request.idempotency)));
    });
  };
}
