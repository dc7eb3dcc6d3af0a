import type { Static } from 'typebox';
import type { AssignmentRecord } from '../../../domain/model/assignments.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import type { Assignment, AssignmentData } from './schema.js';

export function assignmentData(a: AssignmentRecord): Static<typeof AssignmentData> {
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

/** Quoted, or null: a nullable timestamp as JSON text. */
function isoJson(ms: number | null): string {
  return ms === null ? 'null' : `"${toIso(ms)}"`;
}

/** assignmentData's object as JSON text, in the schema's order, for pages of 500 (collection-routes.ts, dataJson). */
export function assignmentDataJson(a: AssignmentRecord): string {
  return `{"created_at":"${toIso(a.createdAt)}","subject_id":${a.subjectId},"subject_type":${JSON.stringify(a.subjectType)},"srs_stage":${a.srsStage},"unlocked_at":${isoJson(a.unlockedAt)},"started_at":${isoJson(a.startedAt)},"passed_at":${isoJson(a.passedAt)},"burned_at":${isoJson(a.burnedAt)},"available_at":${isoJson(a.availableAt)},"resurrected_at":${isoJson(a.resurrectedAt)},"hidden":${a.hidden}}`;
}

export function assignmentResource(urls: Urls, a: AssignmentRecord): Static<typeof Assignment> {
  return resource(urls, '/assignments', 'assignment', a.id, a.updatedAt, assignmentData(a));
}
