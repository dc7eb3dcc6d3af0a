import { isUniqueViolation } from '../db/errors.js';
import {
  findStudyMaterial,
  insertStudyMaterial,
  pageStudyMaterials,
  pageStudyMaterialsAgainst,
  studyMaterialExistsForSubject,
  updateStudyMaterial,
} from '../db/repositories/study-materials.js';
import { findSubjectFacts } from '../db/repositories/subjects.js';
import { inLearnerTransaction } from '../db/learner-writes.js';
import type { CommittedWrite } from '../domain/learner-state-key.js';
import { isRowId } from '../shared/ids.js';
import type { Cursor, HeldPage, HeldRows, StoredPageHeld, Page } from '../shared/paging.js';
import type { CredentialInRead } from '../domain/model/credentials.js';
import { notFound, ok, unprocessable, type Result } from '../shared/result.js';
import type { IdempotentRequest } from '../shared/idempotency.js';
import type { Deps } from './deps.js';
import type { StudyMaterialFields, StudyMaterialFilters, StudyMaterialRecord } from '../domain/model/study-materials.js';

export const SUBJECT_NOT_FOUND = 'Subject not found.';
export const ALREADY_EXISTS = 'A study material already exists for this subject.';

export function listStudyMaterials(
  deps: Deps,
  userId: number,
  filters: StudyMaterialFilters,
  perPage: number,
  cursor: Cursor,
): Promise<Page<StudyMaterialRecord>> {
  return pageStudyMaterials(deps.db, userId, filters, perPage, cursor);
}

/** `listStudyMaterials` read against the rows a caller holds. */
export function listStudyMaterialsAgainst(
  deps: Deps,
  userId: number,
  filters: StudyMaterialFilters,
  perPage: number,
  cursor: Cursor,
  held: HeldRows | StoredPageHeld,
  /** Checked by the page statement itself (paging.ts, pageByIdAgainst); `userId` is its owner expected. */
  credential: CredentialInRead | null = null,
): Promise<HeldPage<StudyMaterialRecord> | null> {
  return pageStudyMaterialsAgainst(deps.db, userId, filters, perPage, cursor, held, credential);
}

export async function getStudyMaterial(deps: Deps, userId: number, id: number): Promise<Result<StudyMaterialRecord>> {
  const found = await findStudyMaterial(deps.db.kysely, userId, id);
  return found ? ok(found) : notFound();
}

/** At most one per subject per user: checked, and guaranteed by the unique index under concurrent posts. */
export async function createStudyMaterial(
  deps: Deps,
  userId: number,
  subjectId: number,
  fields: StudyMaterialFields,
  idempotency?: IdempotentRequest,
): Promise<Result<StudyMaterialRecord>> {
  // An id no row can carry names no subject (and never reaches a 32-bit column as a parameter).
  if (!isRowId(subjectId)) return unprocessable(SUBJECT_NOT_FOUND);
  try {
    return await inLearnerTransaction(
      deps.db,
      deps.clock,
      userId,
      async ({ trx, now, stamp }) => {
        const subject = await findSubjectFacts(trx, subjectId);
        if (!subject) return unprocessable(SUBJECT_NOT_FOUND);
        if (await studyMaterialExistsForSubject(trx, userId, subjectId)) return unprocessable(ALREADY_EXISTS);
        const id = await insertStudyMaterial(
          trx,
          userId,
          { id: subject.id, type: subject.object, hidden: subject.hidden },
          fields,
          now,
          stamp(),
        );
        const created = await findStudyMaterial(trx, userId, id);
        return created ? ok(created) : notFound();
      },
      idempotency,
    );
  } catch (error) {
    if (isUniqueViolation(error)) return unprocessable(ALREADY_EXISTS);
    throw error;
  }
}

/** Omitted fields stay; null clears a note; [] clears the synonyms. */
export async function changeStudyMaterial(
  deps: Deps,
  userId: number,
  id: number,
  fields: Partial<StudyMaterialFields>,
  idempotency?: IdempotentRequest,
  /** Told of the write once committed, with the study material as read after it: the write's one row changed. */
  committed?: (write: CommittedWrite, updated: StudyMaterialRecord) => void,
): Promise<Result<StudyMaterialRecord>> {
  return inLearnerTransaction(
    deps.db,
    deps.clock,
    userId,
    async ({ trx, stamp }) => {
      if (!(await findStudyMaterial(trx, userId, id))) return notFound();
      await updateStudyMaterial(trx, userId, id, fields, stamp());
      const updated = await findStudyMaterial(trx, userId, id);
      return updated ? ok(updated) : notFound();
    },
    idempotency,
    {
      committed: (write, result) => {
        if (result.ok) committed?.(write, result.value);
      },
    },
  );
}
