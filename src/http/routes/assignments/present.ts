import Type from 'typebox';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { NullableTimestamp, ResourceSchema, Timestamp } from '../../schemas.js';
import type { AssignmentRecord } from '../../../domain/model/assignments.js';

export const AssignmentData = Type.Object({
  created_at: Timestamp,
  subject_id: Type.Integer(),
  subject_type: Type.Union(SUBJECT_TYPES.map((t) => Type.Literal(t))),
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

export function assignmentData(a: AssignmentRecord) {
  return {
    created_at: toIso(a.createdAt),
    subject_id: a.subjectId,
    subject_type: a.subjectType,
    srs_stage: a.srsStage,
    unlocked_at: toIsoOrNull(a.unlockedAt),
    started_at: toIsoOrNull(a.startedAt),
    passed_at: toIsoOrNull(a.passedAt),
    burned_at: toIsoOrNull(a.burnedAt),
    available_at: toIsoOrNull(a.availableAt),
    resurrected_at: toIsoOrNull(a.resurrectedAt),
    hidden: a.hidden,
  };
}

export function assignmentResource(urls: Urls, a: AssignmentRecord) {
  return resource(urls, '/assignments', 'assignment', a.id, a.updatedAt, assignmentData(a));
}
