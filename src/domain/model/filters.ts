/** The filters every collection takes, and those of the per-subject collections. */

import type { SubjectType } from '../subjects.js';

/** The filters every collection takes: `ids` and `updated_after`. */
export interface IdFilters {
  ids?: number[] | undefined;
  updatedAfter?: number | undefined;
}

/** The filters of the per-subject collections: besides ids and updated_after, the subject and its visibility. */
export interface SubjectScopedFilters extends IdFilters {
  subjectIds?: number[] | undefined;
  subjectTypes?: SubjectType[] | undefined;
  hidden?: boolean | undefined;
}
