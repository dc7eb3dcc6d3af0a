/** Subjects as stored and briefly presented, their filters, and a subject resource to import. */

import type { SubjectType } from '../subjects.js';

export interface SubjectFilters {
  ids?: number[] | undefined;
  types?: SubjectType[] | undefined;
  slugs?: string[] | undefined;
  levels?: number[] | undefined;
  hidden?: boolean | undefined;
  updatedAfter?: number | undefined;
}

/** A stored subject: its `data` is the served JSON text. */
export interface StoredSubject {
  id: number;
  object: SubjectType;
  updatedAt: number;
  dataJson: string;
}

/** Index columns of a subject, for the rules that need its type, level, system or visibility. */
export interface SubjectFacts {
  id: number;
  object: SubjectType;
  level: number;
  srsId: number;
  hidden: boolean;
}

export interface SubjectCount {
  object: SubjectType;
  level: number;
  count: number;
}

export interface BriefMeaning {
  meaning: string;
  primary: boolean;
  acceptedAnswer: boolean;
}

/** What a screen shows of a subject in a list: slug, level, characters and meanings. */
export interface SubjectBrief {
  id: number;
  object: SubjectType;
  slug: string;
  level: number;
  characters: string | null;
  meanings: BriefMeaning[];
}

export interface TermMatch {
  subjectId: number;
  level: number;
  term: string;
}

/** One subject resource to import and where it came from (for error messages). */
export interface SubjectSource {
  readonly value: unknown;
  readonly origin: string;
}
