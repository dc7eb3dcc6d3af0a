import type { Static } from 'typebox';
import type { AssignmentRecord } from '../../../domain/model/assignments.js';
import { toIso, toIsoOrNull } from '../../../shared/time.js';
import { resource, type Urls } from '../../envelopes.js';
import { fragment, type JsonBytes } from '../../json-bytes.js';
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

const CREATED_AT = fragment('{"created_at":');
const SUBJECT_ID = fragment(',"subject_id":');
const SUBJECT_TYPE = fragment(',"subject_type":');
const SRS_STAGE = fragment(',"srs_stage":');
const UNLOCKED_AT = fragment(',"unlocked_at":');
const STARTED_AT = fragment(',"started_at":');
const PASSED_AT = fragment(',"passed_at":');
const BURNED_AT = fragment(',"burned_at":');
const AVAILABLE_AT = fragment(',"available_at":');
const RESURRECTED_AT = fragment(',"resurrected_at":');
const HIDDEN = fragment(',"hidden":');
const END = fragment('}');

/** Writes assignmentData's object as JSON, in the schema's order, for pages of 500 (collection-routes.ts, writeData). */
export function writeAssignmentData(out: JsonBytes, a: AssignmentRecord): void {
  out.fragment(CREATED_AT);
  out.instant(a.createdAt);
  out.fragment(SUBJECT_ID);
  out.number(a.subjectId);
  out.fragment(SUBJECT_TYPE);
  out.string(a.subjectType);
  out.fragment(SRS_STAGE);
  out.number(a.srsStage);
  out.fragment(UNLOCKED_AT);
  out.instantOrNull(a.unlockedAt);
  out.fragment(STARTED_AT);
  out.instantOrNull(a.startedAt);
  out.fragment(PASSED_AT);
  out.instantOrNull(a.passedAt);
  out.fragment(BURNED_AT);
  out.instantOrNull(a.burnedAt);
  out.fragment(AVAILABLE_AT);
  out.instantOrNull(a.availableAt);
  out.fragment(RESURRECTED_AT);
  out.instantOrNull(a.resurrectedAt);
  out.fragment(HIDDEN);
  out.boolean(a.hidden);
  out.fragment(END);
}

export function assignmentResource(urls: Urls, a: AssignmentRecord): Static<typeof Assignment> {
  return resource(urls, '/assignments', 'assignment', a.id, a.updatedAt, assignmentData(a));
}
