/** A learner's progress per subject type, and the started items placed in the stage-by-type matrix. */

import type { Placed } from '../item-spread.js';
import type { SubjectBrief } from './subjects.js';

export interface TypeProgress {
  total: number;
  started: number;
  passed: number;
  burned: number;
}

export interface SpreadItem extends Placed {
  subject: SubjectBrief;
}
