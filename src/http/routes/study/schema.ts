import Type from 'typebox';
import { EXTRA_STUDY_KINDS } from '../../../domain/extra-study.js';
import { Query, ReportSchema, RowId, errors } from '../../schemas.js';

const Kind = Type.Enum(EXTRA_STUDY_KINDS);
const Progress = Type.Object({ remaining: Type.Integer(), total: Type.Integer() });

export const StudyData = Type.Object({
  kind: Kind,
  capped: Type.Boolean({ description: 'True when the 100-item ceiling trimmed the set' }),
  total_count: Type.Integer({ description: 'How many items are listed' }),
  progress: Progress,
  items: Type.Array(Type.Object({ assignmentId: Type.Integer(), subjectId: Type.Integer() }), {
    description: 'Items still to study (ids only; the only camelCase in the API)',
  }),
});

export const RecordedData = Type.Object({ kind: Kind, progress: Progress });

const StudyBody = Type.Object({
  kind: Kind,
  assignment_id: Type.Optional(RowId),
});

export const getStudySchema = {
  tags: ['extra study'],
  summary: 'What an Extra Study mode holds: the open cycle, else the set now (pure read)',
  querystring: Query({ kind: `Required: ${EXTRA_STUDY_KINDS.join(', ')}` }),
  response: { 200: ReportSchema(StudyData, Type.Literal('report')), ...errors(401, 422) },
};

export const postStudySchema = {
  tags: ['extra study'],
  summary: 'With only kind: open or resume a cycle. With assignment_id: record one item done (idempotent)',
  body: StudyBody,
  response: { 200: ReportSchema(Type.Union([StudyData, RecordedData]), Type.Literal('report')), ...errors(401, 404, 422) },
};
