import { EXTRA_STUDY_KINDS, isExtraStudyKind, type ExtraStudyKind } from '../../../domain/extra-study.js';
import type { Deps } from '../../../services/deps.js';
import { getStudy, openStudy, recordStudyItem } from '../../../services/extra-study.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import type { RawQuery } from '../../filters.js';
import type { RoutePlugin } from '../../plugin.js';
import { presentRecorded, presentStudy } from './present.js';
import { getStudySchema, postStudySchema } from './schema.js';

function kindOf(query: RawQuery): ExtraStudyKind {
  const kind = query.kind;
  if (kind === undefined || kind === '') throw unprocessableError('kind is required.');
  if (typeof kind !== 'string' || !isExtraStudyKind(kind))
    throw unprocessableError(`kind must be one of: ${EXTRA_STUDY_KINDS.join(', ')}.`);
  return kind;
}

/** Extra Study: reads and cycles; it never writes assignments, reviews or statistics. */
export function studyRoutes(deps: Deps, urls: Urls): RoutePlugin {
  return async (app) => {
    app.get('/study', { schema: getStudySchema }, async (request) => {
      const view = await getStudy(deps, request.userId, kindOf(request.query));
      return report(urls, '/study', 'report', deps.clock.now(), presentStudy(view));
    });

    app.post('/study', { schema: postStudySchema, config: { idempotent: true } }, async (request) => {
      const { kind, assignment_id: assignmentId } = request.body;
      if (assignmentId === undefined) {
        const opened = await openStudy(deps, request.userId, kind, request.idempotency);
        return report(urls, '/study', 'report', opened.at, presentStudy(opened));
      }
      const recorded = valueOrThrow(await recordStudyItem(deps, request.userId, kind, assignmentId, request.idempotency));
      return report(urls, '/study', 'report', recorded.at, presentRecorded(recorded));
    });
  };
}
