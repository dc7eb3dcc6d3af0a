import { DAY_MS } from '../shared/time.js';
import { kanjiToLevelUp } from './progression/levels.js';
import type { SubjectType } from './subjects.js';

/** recently_unlocked, recently_burned and critical_items hold at most this many. */
export const DASHBOARD_LIST_LIMIT = 12;
/** How far back recently_unlocked and recently_burned reach. */
export const RECENT_EVENTS_WINDOW_MS = 30 * DAY_MS;
/** A review statistic below this percentage_correct is critical. */
export const CRITICAL_BELOW_PERCENTAGE = 75;

export interface Tally {
  passed: number;
  total: number;
}

export interface LevelProgress {
  level: number;
  radicals: Tally;
  kanji: Tally;
  /** kana_vocabulary counted with vocabulary. */
  vocabulary: Tally;
  kanjiToLevelUp: number;
}

/** The current level's progress per type, from its non-hidden subjects and the user's passes. */
export function levelProgress(level: number, byType: Record<SubjectType, Tally>): LevelProgress {
  const { radical, kanji, vocabulary, kana_vocabulary: kana } = byType;
  return {
    level,
    radicals: { passed: radical.passed, total: radical.total },
    kanji: { passed: kanji.passed, total: kanji.total },
    vocabulary: { passed: vocabulary.passed + kana.passed, total: vocabulary.total + kana.total },
    kanjiToLevelUp: kanjiToLevelUp(kanji.total, kanji.passed),
  };
}
