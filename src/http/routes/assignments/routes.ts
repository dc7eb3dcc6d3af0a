import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { getAssignment, listAssignments, listAssignmentsAgainst, startAssignment } from '../../../services/assignments.js';
import type { Deps } from '../../../services/deps.js';
import { parseIsoInstant } from '../../../shared/time.js';
import { registerCollection, type LearnerPageKeepers } from '../../collection-routes.js';
import type { Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import { bool, enumList, flag, instant, intList, updatedAfter, type RawQuery } from '../../filters.js';
import { PER_PAGE_DEFAULT } from '../../paging.js';
import { pathId } from '../../params.js';
import type { RoutePlugin } from '../../plugin.js';
import { assignmentData, assignmentResource, writeAssignmentData } from './present.js';
import { ASSIGNMENT_QUERY, AssignmentData, startSchema } from './schema.js';

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

export function assignmentRoutes(deps: Deps, urls: Urls, keepers: LearnerPageKeepers): RoutePlugin {
  return async (app) => {
    registerCollection(
      app,
      urls,
      {
        path: '/assignments',
        object: 'assignment',
        perPage: PER_PAGE_DEFAULT,
        tag: 'study',
        query: ASSIGNMENT_QUERY,
        data: AssignmentData,
        readFilters,
        list: (userId, filters, cursor) => listAssignments(deps, userId, filters, PER_PAGE_DEFAULT, cursor),
        listAgainst: (userId, filters, cursor, held, credential) =>
          listAssignmentsAgainst(deps, userId, filters, PER_PAGE_DEFAULT, cursor, held, credential),
        get: (userId, id) => getAssignment(deps, userId, id),
        present: assignmentData,
        writeData: writeAssignmentData,
        // Resolved against now (services/assignments.ts): the page changes as items come due, with no write.
        readsClock: (filters) => filters.immediatelyAvailableForReview,
        // Its filters are resolved against the learner's level: read before the page, for the learner checked.
        readsLearner: (filters) => filters.immediatelyAvailableForLessons,
      },
      keepers,
      deps,
    );

    app.put('/assignments/:id/start', { schema: startSchema, config: { bodyWrapper: 'assignment', idempotent: true } }, async (request) => {
      const id = pathId(request.params.id);
      let startedAt: number | null = null;
      if (request.body.started_at !== undefined) {
        startedAt = parseIsoInstant(request.body.started_at);
        if (startedAt === null) throw unprocessableError('started_at must be an ISO-8601 timestamp.');
      }
      return assignmentResource(urls, valueOrThrow(await startAssignment(deps, request.userId, id, startedAt, request.idempotency)));
    });
  };
}
