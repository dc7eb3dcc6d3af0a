import Type from 'typebox';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { errors, IdParam, NullableTimestamp, OneOf, ResourceSchema, Timestamp, UPDATED_AFTER_QUERY } from '../../schemas.js';

const BOOLEAN = 'true or false (only true and 1 are true)';
const FLAG = 'Valueless flag';

export const AssignmentData = Type.Object({
  created_at: Timestamp,
  subject_id: Type.Integer(),
  subject_type: OneOf(SUBJECT_TYPES),
  srs_stage: Type.Integer(),
  unlocked_at: NullableTimestamp,
  started_at: NullableTimestamp,
  passed_at: NullableTimestamp,
  burned_at: NullableTimestamp,
  available_at: NullableTimestamp,
  resurrected_at: NullableTimestamp,
  hidden: Type.Boolean(),
});

export const Assignment = ResourceSchema(AssignmentData, Type.Literal('assignment'));

export const ASSIGNMENT_QUERY = {
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
};

const StartBody = Type.Object({ started_at: Type.Optional(Type.String({ description: 'ISO-8601; defaults to now' })) });

export const startSchema = {
  tags: ['study'],
  summary: 'Start a lesson (optional body, bare or {assignment: {...}})',
  params: IdParam,
  body: StartBody,
  response: { 200: Assignment, ...errors(401, 404, 422) },
};
