import { findSubject, pageSubjects } from '../db/repositories/subjects.js';
import type { Cursor, Page } from '../shared/paging.js';
import { notFound, ok, type Result } from '../shared/result.js';
import type { Deps } from './deps.js';
import type { StoredSubject, SubjectFilters } from '../domain/model/subjects.js';

export async function listSubjects(deps: Deps, filters: SubjectFilters, perPage: number, cursor: Cursor): Promise<Page<StoredSubject>> {
  return pageSubjects(deps.db, filters, perPage, cursor);
}

export async function getSubject(deps: Deps, id: number): Promise<Result<StoredSubject>> {
  const subject = await findSubject(deps.db.kysely, id);
  return subject ? ok(subject) : notFound();
}
