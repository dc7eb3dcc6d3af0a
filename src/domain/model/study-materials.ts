/** A learner's notes and synonyms for a subject, and their filters. */

import type { SubjectType } from '../subjects.js';
import type { SubjectScopedFilters } from './filters.js';

export interface StudyMaterialRecord {
  id: number;
  subjectId: number;
  subjectType: SubjectType;
  meaningNote: string | null;
  readingNote: string | null;
  meaningSynonyms: string[];
  hidden: boolean;
  createdAt: number;
  updatedAt: number;
}

export type StudyMaterialFilters = SubjectScopedFilters;

export interface StudyMaterialFields {
  meaningNote: string | null;
  readingNote: string | null;
  meaningSynonyms: string[];
}
