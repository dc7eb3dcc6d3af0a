import { DAY_MS } from '../shared/time.js';

/** The Extra Study modes (see docs/decisions.md, Extra study sets), in the order the dashboard lists them. */
export const EXTRA_STUDY_KINDS = ['recent_lessons', 'recent_mistakes', 'burned_items'] as const;
export type ExtraStudyKind = (typeof EXTRA_STUDY_KINDS)[number];

/** The most items one set (and so one cycle) holds. */
export const EXTRA_STUDY_CAP = 100;
/** How far back "recent" lessons and mistakes reach. */
export const EXTRA_STUDY_WINDOW_MS = DAY_MS;

export function isExtraStudyKind(value: string): value is ExtraStudyKind {
  return (EXTRA_STUDY_KINDS as readonly string[]).includes(value);
}

/** One item of a set: ids only. */
export interface StudyItem {
  assignmentId: number;
  subjectId: number;
}

export interface StudySet {
  items: StudyItem[];
  /** True when the cap trimmed the set. */
  capped: boolean;
}

/** Trims a set, already in its kind's order, to the cap; callers fetch one item more than the cap to tell. */
export function capSet(items: readonly StudyItem[]): StudySet {
  return { items: items.slice(0, EXTRA_STUDY_CAP), capped: items.length > EXTRA_STUDY_CAP };
}

export interface StudyProgress {
  remaining: number;
  total: number;
}

/**
 * recent_mistakes does not count down: recording an item changes nothing, and an item leaves only
 * when a correct real review takes it out of the mistakes set. The other kinds count recorded items.
 */
export function countsDown(kind: ExtraStudyKind): boolean {
  return kind !== 'recent_mistakes';
}
