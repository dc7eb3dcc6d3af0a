/** Stored Extra Study cycles and their items. */

import type { ExtraStudyKind, StudyItem } from '../extra-study.js';

export interface CycleRecord {
  id: number;
  kind: ExtraStudyKind;
  capped: boolean;
  total: number;
  openedAt: number;
  finishedAt: number | null;
}

export interface CycleItem extends StudyItem {
  doneAt: number | null;
}
