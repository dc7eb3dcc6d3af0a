/**
 * The bodies of the reference API (revision 20170710) as a strict client validates them, written
 * from the reference's documentation and its captured live bodies, NOT from our TypeBox schemas, so
 * that they catch our mistakes: a field we drop, a null where the reference sends a string, a value
 * outside the reference's enumeration. Extra fields are allowed, as the reference's own schema
 * libraries allow them (app-specific fields are additive; see docs/decisions.md, Reference fields).
 *
 * Timestamps: the reference sends six fractional digits and its clients parse three or six; we
 * send three (see docs/decisions.md, One schema for two engines), so both are accepted.
 */
import { z } from 'zod';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const TOP_OF_HOUR = /T\d{2}:00:00(\.0+)?Z$/;

const timestamp = z.string().regex(ISO_UTC);
const nullableTimestamp = timestamp.nullable();
const id = z.number().int().min(0);
const count = z.number().int().min(0);
const ids = z.array(z.number().int().min(1));
const level = z.number().int().min(1).max(60);
const absoluteUrl = z.url({ protocol: /^https?$/ });

export const SUBJECT_TYPES = ['radical', 'kanji', 'vocabulary', 'kana_vocabulary'] as const;
const subjectType = z.enum(SUBJECT_TYPES);

/** `{id, object, url, data_updated_at, data}`. */
function resource<O extends string, D extends z.ZodType>(object: O, data: D) {
  return z.object({ id, object: z.literal(object), url: absoluteUrl, data_updated_at: timestamp, data });
}

/** `{object: "collection", url, pages, total_count, data_updated_at, data}`; data_updated_at is null for an empty scope. */
function collection<R extends z.ZodType>(item: R, perPage: number) {
  return z.object({
    object: z.literal('collection'),
    url: absoluteUrl,
    pages: z.object({ per_page: z.literal(perPage), next_url: absoluteUrl.nullable(), previous_url: absoluteUrl.nullable() }),
    total_count: count,
    data_updated_at: nullableTimestamp,
    data: z.array(item),
  });
}

// ---- Subjects -------------------------------------------------------------------------------

const meaning = z.object({ meaning: z.string(), primary: z.boolean(), accepted_answer: z.boolean() });
const auxiliaryMeaning = z.object({ meaning: z.string(), type: z.enum(['whitelist', 'blacklist']) });
const subjectCommon = {
  auxiliary_meanings: z.array(auxiliaryMeaning),
  characters: z.string(),
  created_at: timestamp,
  document_url: z.string(),
  hidden_at: nullableTimestamp,
  lesson_position: count,
  level,
  meaning_mnemonic: z.string(),
  meanings: z.array(meaning).min(1),
  slug: z.string(),
  spaced_repetition_system_id: z.number().int().min(1),
};
const contextSentence = z.object({ en: z.string(), ja: z.string() });
const pronunciationAudio = z.object({
  url: z.string(),
  content_type: z.enum(['audio/mpeg', 'audio/ogg', 'audio/webm']),
  metadata: z.object({
    gender: z.enum(['female', 'male']),
    source_id: z.number().int(),
    pronunciation: z.string(),
    voice_actor_id: z.number().int(),
    voice_actor_name: z.string(),
    voice_description: z.string(),
  }),
});

export const radicalData = z.object({
  ...subjectCommon,
  amalgamation_subject_ids: ids,
  // A radical may have no Unicode character; it then has images only.
  characters: z.string().nullable(),
  character_images: z.array(z.object({ url: z.string(), content_type: z.string(), metadata: z.record(z.string(), z.unknown()) })),
});
export const kanjiData = z.object({
  ...subjectCommon,
  amalgamation_subject_ids: ids,
  component_subject_ids: ids,
  meaning_hint: z.string().nullable(),
  reading_hint: z.string().nullable(),
  reading_mnemonic: z.string(),
  readings: z.array(
    z.object({ reading: z.string(), primary: z.boolean(), accepted_answer: z.boolean(), type: z.enum(['onyomi', 'kunyomi', 'nanori']) }),
  ),
  visually_similar_subject_ids: ids,
});
export const vocabularyData = z.object({
  ...subjectCommon,
  component_subject_ids: ids,
  context_sentences: z.array(contextSentence),
  parts_of_speech: z.array(z.string()),
  pronunciation_audios: z.array(pronunciationAudio),
  readings: z.array(z.object({ reading: z.string(), primary: z.boolean(), accepted_answer: z.boolean() })),
  reading_mnemonic: z.string(),
});
export const kanaVocabularyData = z.object({
  ...subjectCommon,
  context_sentences: z.array(contextSentence),
  parts_of_speech: z.array(z.string()),
  pronunciation_audios: z.array(pronunciationAudio),
});

export const subject = z.discriminatedUnion('object', [
  resource('radical', radicalData),
  resource('kanji', kanjiData),
  resource('vocabulary', vocabularyData),
  resource('kana_vocabulary', kanaVocabularyData),
]);

// ---- Learner resources ----------------------------------------------------------------------

const ms = (t: string | null) => (t === null ? null : Date.parse(t));

/**
 * An assignment; its timestamps follow the reference's facts: unlocked, started, passed and burned
 * in that order; a lesson (stage 0) is not started and not scheduled; a burned one (stage 9) has
 * `burned_at` and no `available_at`; a stage in between is scheduled.
 */
export const assignmentData = z
  .object({
    available_at: nullableTimestamp,
    burned_at: nullableTimestamp,
    created_at: timestamp,
    hidden: z.boolean(),
    passed_at: nullableTimestamp,
    resurrected_at: nullableTimestamp,
    srs_stage: z.number().int().min(0).max(9),
    started_at: nullableTimestamp,
    subject_id: z.number().int().min(1),
    subject_type: subjectType,
    unlocked_at: nullableTimestamp,
  })
  .superRefine((a, ctx) => {
    const order = [a.unlocked_at, a.started_at, a.passed_at, a.burned_at].map(ms).filter((t): t is number => t !== null);
    if (order.some((t, i) => i > 0 && t < order[i - 1]!))
      ctx.addIssue({ code: 'custom', message: 'unlocked, started, passed, burned out of order' });
    if (a.srs_stage === 0 && (a.started_at !== null || a.available_at !== null)) {
      ctx.addIssue({ code: 'custom', message: 'a lesson is neither started nor scheduled' });
    }
    if (a.srs_stage > 0 && a.started_at === null) ctx.addIssue({ code: 'custom', message: 'a stage above 0 needs started_at' });
    if (a.srs_stage === 9 && (a.burned_at === null || a.available_at !== null)) {
      ctx.addIssue({ code: 'custom', message: 'burned: burned_at set and available_at null' });
    }
    if (a.srs_stage > 0 && a.srs_stage < 9 && (a.available_at === null || a.burned_at !== null)) {
      ctx.addIssue({ code: 'custom', message: 'in review: scheduled and not burned' });
    }
  });
export const assignment = resource('assignment', assignmentData);

export const reviewStatisticData = z.object({
  created_at: timestamp,
  hidden: z.boolean(),
  meaning_correct: count,
  meaning_current_streak: count,
  meaning_incorrect: count,
  meaning_max_streak: count,
  percentage_correct: z.number().int().min(0).max(100),
  reading_correct: count,
  reading_current_streak: count,
  reading_incorrect: count,
  reading_max_streak: count,
  subject_id: z.number().int().min(1),
  subject_type: subjectType,
});
export const reviewStatistic = resource('review_statistic', reviewStatisticData);

/** Notes are strings (the reference changed them from "null or String" in 2024; live bodies send ""). */
export const studyMaterialData = z.object({
  created_at: timestamp,
  hidden: z.boolean(),
  meaning_note: z.string(),
  meaning_synonyms: z.array(z.string()),
  reading_note: z.string(),
  subject_id: z.number().int().min(1),
  subject_type: subjectType,
});
export const studyMaterial = resource('study_material', studyMaterialData);

export const reviewData = z.object({
  assignment_id: z.number().int().min(1),
  created_at: timestamp,
  ending_srs_stage: z.number().int().min(1).max(9),
  incorrect_meaning_answers: count,
  incorrect_reading_answers: count,
  spaced_repetition_system_id: z.number().int().min(1),
  starting_srs_stage: z.number().int().min(1).max(8),
  subject_id: z.number().int().min(1),
});
/** The answer of POST /reviews: the review plus the assignment and statistic it updated. */
export const createdReview = resource('review', reviewData).extend({
  resources_updated: z.object({ assignment, review_statistic: reviewStatistic }),
});
export const review = resource('review', reviewData);

export const levelProgression = resource(
  'level_progression',
  z.object({
    abandoned_at: nullableTimestamp,
    completed_at: nullableTimestamp,
    created_at: timestamp,
    level,
    passed_at: nullableTimestamp,
    started_at: nullableTimestamp,
    unlocked_at: nullableTimestamp,
  }),
);

export const reset = resource(
  'reset',
  z
    .object({ confirmed_at: nullableTimestamp, created_at: timestamp, original_level: level, target_level: level })
    .refine((r) => r.target_level <= r.original_level, 'target_level is at most original_level'),
);

export const spacedRepetitionSystem = resource(
  'spaced_repetition_system',
  z.object({
    burning_stage_position: count,
    created_at: timestamp,
    description: z.string(),
    name: z.string(),
    passing_stage_position: count,
    stages: z.array(
      z.object({
        interval: z.number().int().min(0).nullable(),
        position: count,
        interval_unit: z.enum(['milliseconds', 'seconds', 'minutes', 'hours', 'days', 'weeks']).nullable(),
      }),
    ),
    starting_stage_position: count,
    unlocking_stage_position: count,
  }),
);

export const voiceActor = resource(
  'voice_actor',
  z.object({ created_at: timestamp, description: z.string(), gender: z.enum(['female', 'male']), name: z.string() }),
);

// ---- Reports --------------------------------------------------------------------------------

export const user = z.object({
  object: z.literal('user'),
  url: absoluteUrl,
  data_updated_at: timestamp,
  data: z.object({
    id: z.uuid(),
    username: z.string(),
    level,
    profile_url: z.string(),
    started_at: timestamp,
    current_vacation_started_at: nullableTimestamp,
    subscription: z.object({
      active: z.boolean(),
      type: z.enum(['free', 'recurring', 'lifetime', 'unknown']),
      max_level_granted: z.union([z.literal(3), z.literal(60)]),
      period_ends_at: nullableTimestamp,
    }),
    preferences: z.object({
      default_voice_actor_id: z.number().int(),
      extra_study_autoplay_audio: z.boolean(),
      lessons_autoplay_audio: z.boolean(),
      lessons_batch_size: z.number().int().min(3).max(10),
      lessons_presentation_order: z.enum(['ascending_level_then_shuffled', 'ascending_level_then_subject', 'shuffled']),
      reviews_autoplay_audio: z.boolean(),
      reviews_display_srs_indicator: z.boolean(),
      reviews_presentation_order: z.enum(['shuffled', 'lower_levels_first']),
    }),
  }),
});

const hourBucket = z.object({ available_at: timestamp.regex(TOP_OF_HOUR), subject_ids: ids });
export const summary = z.object({
  object: z.literal('report'),
  url: absoluteUrl,
  data_updated_at: timestamp,
  data: z.object({ lessons: z.array(hourBucket), next_reviews_at: nullableTimestamp, reviews: z.array(hourBucket) }),
});

/** `{"error": <string>, "code": <integer>}`. */
export const error = z.object({ error: z.string().min(1), code: z.number().int().min(400).max(599) });

// ---- Collections, by path -------------------------------------------------------------------

export const collections = {
  '/subjects': collection(subject, 1000),
  '/assignments': collection(assignment, 500),
  '/review_statistics': collection(reviewStatistic, 500),
  '/study_materials': collection(studyMaterial, 500),
  '/reviews': collection(review, 1000),
  '/level_progressions': collection(levelProgression, 500),
  '/resets': collection(reset, 500),
  '/spaced_repetition_systems': collection(spacedRepetitionSystem, 500),
  '/voice_actors': collection(voiceActor, 500),
} as const;

/** The resource schema of each collection's items, for `GET <collection>/{id}`. */
export const resources = {
  '/subjects': subject,
  '/assignments': assignment,
  '/review_statistics': reviewStatistic,
  '/study_materials': studyMaterial,
  '/reviews': review,
  '/level_progressions': levelProgression,
  '/resets': reset,
  '/spaced_repetition_systems': spacedRepetitionSystem,
  '/voice_actors': voiceActor,
} as const;

/** The first problems of a body, as `path: message` lines (empty when it conforms). */
export function problems(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}
