/**
 * User preferences: defaults, read-normalisation and write-merge. Stored values are kept as written
 * (never rejected); invalid ones are dropped on read and replaced by the default.
 */
export const PERIODS = ['today', 'past_7_days', 'this_month', 'past_28_days', 'this_year', 'past_365_days', 'all_time'] as const;
export type Period = (typeof PERIODS)[number];

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

/**
 * The most a learner's stored preferences may take, as JSON (unknown keys included): ample for every
 * setting and a client's own keys, small enough that GET /user stays a small, fast answer.
 */
export const PREFERENCES_MAX_BYTES = 16 * 1024;

/** Stored size of preferences, as the JSON that is kept. */
export function preferencesBytes(preferences: Record<string, unknown>): number {
  return new TextEncoder().encode(JSON.stringify(preferences)).length;
}

export const LESSONS_BATCH_SIZE = { min: 3, max: 10 } as const;
/** The least restrictive daily lesson ceiling. */
export const MAX_DAILY_LESSONS_CEILING = 100;

export interface Preferences {
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

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  lessons_batch_size: 5,
  max_daily_lessons: MAX_DAILY_LESSONS_CEILING,
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

/**
 * Reference-API keys emitted beside ours (see docs/decisions.md, Reference fields): the presentation
 * order is fixed, `reviews_display_srs_indicator` mirrors reviews_srs_indicator, and the voice actor
 * names one of the catalogue's (see docs/decisions.md, Voice actors).
 */
const FIXED_REFERENCE_KEYS = { lessons_presentation_order: 'ascending_level_then_subject' } as const;
const SRS_INDICATOR_ALIAS = 'reviews_display_srs_indicator';
const VOICE_ACTOR_KEY = 'default_voice_actor_id';

/** Read when no voice actor exists (no recordings were imported): the reference's fixed value, since strict clients require an integer. */
export const REFERENCE_DEFAULT_VOICE_ACTOR_ID = 1;

/** The voice actor read when none valid was chosen: the catalogue's first, or the reference's value when it is empty. */
function defaultVoiceActorId(voiceActorIds: readonly number[]): number {
  return voiceActorIds.length === 0 ? REFERENCE_DEFAULT_VOICE_ACTOR_ID : Math.min(...voiceActorIds);
}

const LEGACY_VOICE_GENDERS: Record<string, Preferences['default_voice_gender']> = {
  male: 'prefer_masculine',
  female: 'prefer_feminine',
  any: 'random',
};

type Reader<K extends keyof Preferences> = (value: unknown) => Preferences[K] | undefined;

const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const namesVoiceActor = (value: unknown, voiceActorIds: readonly number[]): value is number =>
  isInt(value) && voiceActorIds.includes(value);
const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: unknown): T | undefined =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
const boolean = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

const READERS: { [K in keyof Preferences]: Reader<K> } = {
  // Batch sizes of 1 or 2 were allowed once; they read as the smallest size now allowed.
  lessons_batch_size: (v) => (isInt(v) && v >= 1 && v <= LESSONS_BATCH_SIZE.max ? Math.max(v, LESSONS_BATCH_SIZE.min) : undefined),
  max_daily_lessons: (v) => (isInt(v) && v >= 0 && v <= MAX_DAILY_LESSONS_CEILING ? v : undefined),
  lessons_interleave: boolean,
  lessons_autoplay_audio: boolean,
  reviews_presentation_order: oneOf(REVIEWS_PRESENTATION_ORDERS),
  reviews_autoplay_audio: boolean,
  extra_study_autoplay_audio: boolean,
  reviews_srs_indicator: boolean,
  default_voice_gender: (v) => oneOf(VOICE_GENDERS)(v) ?? (typeof v === 'string' ? LEGACY_VOICE_GENDERS[v] : undefined),
  correct_percentage_period: oneOf(PERIODS.filter((p): p is Exclude<Period, 'all_time'> => p !== 'all_time')),
  reviews_completed_period: oneOf(PERIODS),
  item_spread_view: oneOf(['table', 'graph'] as const),
  recent_mistakes_mode: oneOf(['list', 'flashcard'] as const),
  hidden_widgets: (v) =>
    Array.isArray(v) ? [...new Set(v.filter((key): key is WidgetKey => oneOf(WIDGET_KEYS)(key) !== undefined))] : undefined,
  heat_map_view: oneOf(['month', 'year'] as const),
};

const KNOWN_KEYS = Object.keys(READERS) as (keyof Preferences)[];

function readKey<K extends keyof Preferences>(stored: Record<string, unknown>, key: K): Preferences[K] {
  return READERS[key](stored[key]) ?? DEFAULT_PREFERENCES[key];
}

/** The typed preferences of a stored object, defaults filling what is missing or invalid. */
export function readPreferences(stored: Record<string, unknown>): Preferences {
  const result = {} as Record<keyof Preferences, unknown>;
  for (const key of KNOWN_KEYS) result[key] = readKey(stored, key);
  return result as Preferences;
}

const isReferenceKey = (key: string): boolean => key in FIXED_REFERENCE_KEYS || key === SRS_INDICATOR_ALIAS || key === VOICE_ACTOR_KEY;

/**
 * The body of `preferences`: our keys, the reference's keys (see docs/decisions.md, Reference fields),
 * then unknown stored keys untouched. `voiceActorIds` is the voice actor catalogue.
 */
export function presentPreferences(stored: Record<string, unknown>, voiceActorIds: readonly number[]): Record<string, unknown> {
  const known = readPreferences(stored);
  const unknown = Object.fromEntries(Object.entries(stored).filter(([key]) => !(key in READERS) && !isReferenceKey(key)));
  const chosenVoice = stored[VOICE_ACTOR_KEY];
  return {
    ...known,
    [VOICE_ACTOR_KEY]: namesVoiceActor(chosenVoice, voiceActorIds) ? chosenVoice : defaultVoiceActorId(voiceActorIds),
    ...FIXED_REFERENCE_KEYS,
    [SRS_INDICATOR_ALIAS]: known.reviews_srs_indicator,
    ...unknown,
  };
}

/**
 * Merges written keys into the stored object key by key; values are stored as written, except the
 * voice actor, stored only when it names one of the catalogue (otherwise the default reads back).
 */
export function mergePreferences(
  stored: Record<string, unknown>,
  written: Record<string, unknown>,
  voiceActorIds: readonly number[],
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(written)) {
    if (key === VOICE_ACTOR_KEY) {
      if (namesVoiceActor(value, voiceActorIds)) merged[key] = value;
      else delete merged[key];
      continue;
    }
    if (isReferenceKey(key) || key === '__proto__') continue;
    merged[key] = value;
  }
  // Either spelling of the SRS indicator may be written; ours wins when both are sent.
  if (SRS_INDICATOR_ALIAS in written && !('reviews_srs_indicator' in written)) {
    merged.reviews_srs_indicator = written[SRS_INDICATOR_ALIAS];
  }
  return merged;
}
