import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { EXTRA_STUDY_KINDS, isExtraStudyKind, type ExtraStudyKind } from '../../../domain/extra-study.js';
import type { Deps } from '../../../services/deps.js';
import { getStudy, openStudy, recordStudyItem, type StudyView } from '../../../services/extra-study.js';
import { report, type Urls } from '../../envelopes.js';
import { unprocessableError, valueOrThrow } from '../../errors.js';
import type { RawQuery } from '../../filters.js';
import { getStudySchema, postStudySchema, type StudyBody } from './schema.js';

const studyData = (v: StudyView) => ({ kind: v.kind, capped: v.capped, total_count: v.items.length, progress: v.progress, items: v.items });

function kindOf(query: RawQuery): ExtraStudyKind {
  const kind = query.kind;
  if (kind === undefined || kind === '') throw unprocessableError('kind is required.');
  if (typeof kind !== 'string' || !isExtraStudyKind(kind))
    throw unprocessableError(`kind must be one of: ${EXTRA_STUDY_KINDS.join(', ')}.`);
  return kind;
}

/** Extra Study: reads and cycles; it never writes assignments, reviews or statistics. */
export function studyRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.get('/study', { schema: getStudySchema }, async (request) => {
      const view = await getStudy(deps, request.userId, kindOf(request.query as RawQuery));
      return report(urls, '/study', 'report', deps.clock.now(), studyData(view));
    });

    app.post('/study', { schema: postStudySchema, config: { idempotent: true } }, async (request) => {
      const body = request.body as Static<typeof StudyBody>;
      if (body.assignment_id === undefined) {
        const opened = await openStudy(deps, request.userId, body.kind, request.idempotency);
        return report(urls, '/study', 'report', opened.at, studyData(opened));
      }
      const recorded = valueOrThrow(await recordStudyItem(deps, request.userId, body.kind, body.assignment_id, request.idempotency));
      return report(urls, '/study', 'report', recorded.at, { kind: recorded.kind, progress: recorded.progress });
    });
  };
}
