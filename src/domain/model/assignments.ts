/** Assignments as the repositories return them, and the filters and unlock shapes the services pass in. */

import type { AssignmentState } from '../srs/engine.js';
import type { SubjectType } from '../subjects.js';
import type { SubjectScopedFilters } from './filters.js';

export interface AssignmentRecord extends AssignmentState {
  id: number;
  subjectId: number;
  subjectType: SubjectType;
  subjectLevel: number;
  hidden: boolean;
  createdAt: number;
  updatedAt: number;
}

export interface AssignmentFilters extends SubjectScopedFilters {
  srsStages?: number[] | undefined;
  levels?: number[] | undefined;
  unlocked?: boolean | undefined;
  started?: boolean | undefined;
  passed?: boolean | undefined;
  burned?: boolean | undefined;
  resurrected?: boolean | undefined;
  availableAfter?: number | undefined;
  availableBefore?: number | undefined;
  /** The flags of docs/decisions.md, Assignment flags; they need `now` and the user's level. */
  immediatelyAvailableForLessons?: { userLevel: number } | undefined;
  immediatelyAvailableForReview?: { now: number } | undefined;
  inReview?: boolean | undefined;
}

/** A subject about to be unlocked for a user. */
export interface UnlockTarget {
  id: number;
  object: SubjectType;
  level: number;
}

/** Which milestone of a component opens its dependents: passing (see docs/decisions.md, Unlocks) or, ahead of schedule, starting (see docs/decisions.md, Advance ahead of schedule). */
export type Prerequisite = 'passed' | 'started';

/** An assignment with its subject's SRS system, for the burn manager. */
export interface BurnTarget {
  assignment: AssignmentRecord;
  srsId: number;
}

/** One component of a subject with the user's progress on it and the component's own SRS system. */
export interface ComponentProgress {
  subjectId: number;
  componentId: number;
  srsId: number;
  srsStage: number;
  startedAt: number | null;
  passedAt: number | null;
  availableAt: number | null;
}

export interface ScheduledReview {
  subjectId: number;
  availableAt: number;
}
