import Type from 'typebox';
import { ADVANCE_OUTCOMES, TRANCHE_BLOCKS } from '../../../domain/progression/tranche.js';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { NullableString, ReportSchema, Timestamp, errors } from '../../schemas.js';

const Block = Type.Union([Type.Enum(TRANCHE_BLOCKS), Type.Null()]);

export const CandidateData = Type.Object({
  subject_id: Type.Integer(),
  object: Type.Enum(SUBJECT_TYPES),
  level: Type.Integer(),
  characters: NullableString,
  slug: Type.String(),
  meanings: Type.Array(Type.Object({ meaning: Type.String(), primary: Type.Boolean() })),
  unlocks_at: Type.Union([Timestamp, Type.Null()], {
    description:
      'Projection: the latest time a component would pass if every review were answered right when due; null when nothing is left to wait for',
  }),
});

export const UnlockableData = Type.Object({
  total: Type.Integer(),
  pending: Type.Integer(),
  blocked: Block,
  candidates: Type.Array(CandidateData),
});

const AdvanceBody = Type.Object({
  subject_ids: Type.Optional(Type.Array(Type.Integer(), { description: 'Open only these out of the tranche; ids not in it are ignored' })),
});

export const AdvanceData = Type.Object({
  outcome: Type.Enum(ADVANCE_OUTCOMES),
  unlocked: Type.Integer(),
  level: Type.Integer(),
  pending: Type.Integer(),
  reason: Block,
});

export const unlockableSchema = {
  tags: ['progression'],
  summary: 'Preview of what POST /advance would open now',
  response: { 200: ReportSchema(UnlockableData, Type.Literal('report')), ...errors(401) },
};

export const advanceSchema = {
  tags: ['progression'],
  summary: 'Unlock the next tranche of lessons ahead of schedule (POST only; a refusal is a 200 with outcome nothing)',
  body: AdvanceBody,
  response: { 200: ReportSchema(AdvanceData, Type.Literal('report')), ...errors(401, 422) },
};
