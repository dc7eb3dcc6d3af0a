/**
 * The contract's preferences: every key with its allowed values and the server's default, and the
 * limits a form must enforce before the server would refuse. Kept equal to the server's own tables
 * by test/client/preferences.test.ts.
 */
export const PERIODS = ['today', 'past_7_days', 'this_month', 'past_28_days', 'this_year', 'past_365_days', 'all_time'] as const;
export type Period = (typeof PERIODS)[number];

/** Dashboard widgets, in the dashboard's order. */
export const WIDGET_KEYS = [
  'forecast',
  'level_progress',
  'item_spread',
  'extra_study',
  'recent_mistakes',
  'critical_items',
  'recently_unlocked',
  'recently_burned',
  'study_streak',
  'correct_percentage',
  'reviews_completed',
] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

export const REVIEWS_PRESENTATION_ORDERS = ['shuffled', 'apprentice_first', 'lower_srs_first', 'lower_levels_first'] as const;
export const VOICE_GENDERS = ['masculine_only', 'prefer_masculine', 'feminine_only', 'prefer_feminine', 'random'] as const;

export const LESSONS_BATCH_SIZE_RANGE = { min: 3, max: 10 } as const;
export const MAX_DAILY_LESSONS_RANGE = { min: 0, max: 100 } as const;

export interface StudyPreferences {
  lessons_batch_size: number;
  max_daily_lessons: number;
  lessons_interleave: boolean;
  lessons_autoplay_audio: boolean;
  reviews_presentation_order: (typeof REVIEWS_PRESENTATION_ORDERS)[number];
  reviews_autoplay_audio: boolean;
  extra_study_autoplay_audio: boolean;
  reviews_srs_indicator: boolean;
  default_voice_gender: (typeof VOICE_GENDERS)[number];
  correct_percentage_period: Exclude<Period, 'all_time'>;
  reviews_completed_period: Period;
  item_spread_view: 'table' | 'graph';
  recent_mistakes_mode: 'list' | 'flashcard';
  hidden_widgets: WidgetKey[];
  heat_map_view: 'month' | 'year';
}

export const DEFAULT_PREFERENCES: Readonly<StudyPreferences> = Object.freeze({
  lessons_batch_size: 5,
  max_daily_lessons: 100,
  lessons_interleave: false,
  lessons_autoplay_audio: false,
  reviews_presentation_order: 'shuffled',
  reviews_autoplay_audio: false,
  extra_study_autoplay_audio: false,
  reviews_srs_indicator: true,
  default_voice_gender: 'random',
  correct_percentage_period: 'past_7_days',
  reviews_completed_period: 'past_7_days',
  item_spread_view: 'table',
  recent_mistakes_mode: 'list',
  hidden_widgets: [],
  heat_map_view: 'month',
});

/** The allowed values of each preference with a fixed set (the others are ranges or lists). */
export const PREFERENCE_CHOICES = {
  reviews_presentation_order: REVIEWS_PRESENTATION_ORDERS,
  default_voice_gender: VOICE_GENDERS,
  correct_percentage_period: PERIODS.filter((p) => p !== 'all_time'),
  reviews_completed_period: PERIODS,
  item_spread_view: ['table', 'graph'],
  recent_mistakes_mode: ['list', 'flashcard'],
  heat_map_view: ['month', 'year'],
} as const;

/**
 * The learner's preferences as the app uses them: each key the server returned when it is an
 * allowed value, else the default (the server drops invalid values on read already).
 */
export function readPreferences(raw: Record<string, unknown>): StudyPreferences {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof StudyPreferences)[]) {
    const value = raw[key];
    if (value !== undefined && typeof value === typeof DEFAULT_PREFERENCES[key]) out[key] = value;
  }
  return out as unknown as StudyPreferences;
}

/** Study material sizes the server accepts (a longer value is refused with 422). */
export const STUDY_MATERIAL_LIMITS = { noteChars: 5000, synonyms: 16, synonymChars: 64 } as const;
/** Subjects per POST /burn_manager. */
export const BURN_MANAGER_MAX_IDS = 200;
/** How many whole periods back GET /heat_map reaches. */
export const HEAT_MAP_MAX_OFFSET = 120;
/** The top level of the full curriculum. */
export const MAX_LEVEL = 60;
/** Below this percentage correct an item is critical. */
export const CRITICAL_PERCENTAGE = 75;
