import Type from 'typebox';
import { BURN_ACTIONS, BURN_MANAGER_MAX_IDS, BURN_SKIP_REASONS } from '../../../domain/srs/burns.js';
import { ReportSchema, RowId, errors } from '../../schemas.js';

const BurnBody = Type.Object({
  action: Type.Enum(BURN_ACTIONS),
  subject_ids: Type.Array(RowId, {
    minItems: 1,
    maxItems: BURN_MANAGER_MAX_IDS,
    description: `Subject ids (not assignment ids), 1 to ${BURN_MANAGER_MAX_IDS}`,
  }),
});

export const BurnManagerReport = ReportSchema(
  Type.Object({
    action: Type.Enum(BURN_ACTIONS),
    changed: Type.Array(Type.Integer()),
    skipped: Type.Array(Type.Object({ subject_id: Type.Integer(), reason: Type.Enum(BURN_SKIP_REASONS) })),
  }),
  Type.Literal('report'),
);

export const burnSchema = {
  tags: ['study'],
  summary: 'Resurrect burned items, or retire resurrected ones; every id comes back in changed or skipped',
  body: BurnBody,
  response: { 200: BurnManagerReport, ...errors(401, 422) },
};
