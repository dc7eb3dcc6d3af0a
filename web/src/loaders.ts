import { allPages, type AssignmentResource, type SubjectResource } from '../../client/src/index.js';
import { api } from './api.js';

/** Ids per `?ids=` request: long lists are split so no request line grows past what servers accept. */
const IDS_PER_REQUEST = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Thrown when a load fails; the message is shown to the learner. */
export class LoadError extends Error {}

function unwrap<T>(result: { data?: T; error?: unknown }): T {
  if (result.data === undefined) {
    const error = result.error;
    throw new LoadError(
      error !== null && typeof error === 'object' && 'error' in error ? String(error.error) : 'The server could not be reached.',
    );
  }
  return result.data;
}

type AssignmentFlag = 'immediately_available_for_lessons' | 'immediately_available_for_review';

/** Every assignment a valueless flag selects (all pages). */
export function loadAssignments(flag: AssignmentFlag): Promise<AssignmentResource[]> {
  return allPages(async (cursor) =>
    unwrap(await api.GET('/assignments', { params: { query: { [flag]: '', ...(cursor ? { page_after_id: cursor } : {}) } } })),
  );
}

/** The subjects of the given ids, keyed by id. */
export async function loadSubjects(ids: readonly number[]): Promise<Map<number, SubjectResource>> {
  const out = new Map<number, SubjectResource>();
  for (const part of chunks([...new Set(ids)], IDS_PER_REQUEST)) {
    const page = await allPages(async (cursor) =>
      unwrap(await api.GET('/subjects', { params: { query: { ids: part.join(','), ...(cursor ? { page_after_id: cursor } : {}) } } })),
    );
    // The schema leaves subject data open; its fields are the contract's (see SubjectFields).
    for (const subject of page) out.set(subject.id, subject as unknown as SubjectResource);
  }
  return out;
}

/** The learner's meaning synonyms per subject id (their study materials). */
export async function loadSynonyms(subjectIds: readonly number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const part of chunks([...new Set(subjectIds)], IDS_PER_REQUEST)) {
    const page = await allPages(async (cursor) =>
      unwrap(
        await api.GET('/study_materials', {
          params: { query: { subject_ids: part.join(','), ...(cursor ? { page_after_id: cursor } : {}) } },
        }),
      ),
    );
    for (const material of page) out.set(material.data.subject_id, material.data.meaning_synonyms);
  }
  return out;
}

export async function loadLessonAllowance(): Promise<{ max: number; started_today: number; remaining: number }> {
  return unwrap(await api.GET('/lesson_allowance')).data;
}
