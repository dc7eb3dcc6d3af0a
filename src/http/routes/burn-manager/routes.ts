import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { BURN_ACTIONS, BURN_MANAGER_MAX_IDS, BURN_SKIP_REASONS } from '../../../domain/srs/burns.js';
import { manageBurns } from '../../../services/burn-manager.js';
import type { Deps } from '../../../services/deps.js';
import { report, type Urls } from '../../envelopes.js';
import { ReportSchema, RowId, errors } from '../../schemas.js';

const BurnBody = Type.Object({
  action: Type.Enum(BURN_ACTIONS),
  subject_ids: Type.Array(RowId, {
    minItems: 1,
    maxItems: BURN_MANAGER_MAX_IDS,
    description: `Subject ids (not assignment ids), 1 to ${BURN_MANAGER_MAX_IDS}`,
  }),
});

const BurnReport = ReportSchema(
  Type.Object({
    action: Type.Enum(BURN_ACTIONS),
    changed: Type.Array(Type.Integer()),
    skipped: Type.Array(Type.Object({ subject_id: Type.Integer(), reason: Type.Enum(BURN_SKIP_REASONS) })),
  }),
  Type.Literal('report'),
);

const burnSchema = {
  tags: ['study'],
  summary: 'Resurrect burned items, or retire resurrected ones; every id comes back in changed or skipped',
  body: BurnBody,
  response: { 200: BurnReport, ...errors(401, 422) },
};

export function burnManagerRoutes(deps: Deps, urls: Urls) {
  return async (app: FastifyInstance) => {
    app.post('/burn_manager', { schema: burnSchema, config: { idempotent: true } }, async (request) => {
      const body = request.body as Static<typeof BurnBody>;
      const result = await manageBurns(deps, request.userId, body.action, body.subject_ids, request.idempotency);
      return report(urls, '/burn_manager', 'report', result.at, {
        action: result.action,
        changed: result.changed,
        skipped: result.skipped.map((s) => ({ subject_id: s.subjectId, reason: s.reason })),
      });
    });
  };
}
