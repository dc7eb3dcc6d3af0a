import { presentPreferences } from '../domain/preferences.js';

/**
 * Example bodies of the main resources for the OpenAPI document (and so the docs page), taken from
 * a server holding the bundled curriculum. A test checks each against the reference shapes, so
 * they cannot drift from what the API answers.
 */
const BASE = 'https://study.example.org/api/v1';
const AT = '2026-11-23T15:46:05.705Z';

export const SUBJECT_EXAMPLE = {
  id: 1,
  object: 'radical',
  url: `${BASE}/subjects/1`,
  data_updated_at: '2026-11-23T15:44:57.032Z',
  data: {
    created_at: '2026-11-21T00:00:00.000Z',
    level: 1,
    slug: 'one',
    hidden_at: null,
    document_url: 'https://jisho.org/search/%E4%B8%80',
    characters: '一',
    meanings: [{ meaning: 'One', primary: true, accepted_answer: true }],
    auxiliary_meanings: [{ type: 'whitelist', meaning: 'Line' }],
    component_subject_ids: [],
    amalgamation_subject_ids: [480, 486, 490],
    visually_similar_subject_ids: [],
    meaning_mnemonic:
      'The radical <radical>One</radical> (<ja>一</ja>) is a part of 60 kanji in this curriculum, the first being <ja>一</ja> <kanji>One</kanji>, <ja>三</ja> <kanji>Three</kanji> and <ja>上</ja> <kanji>Above</kanji>.',
    meaning_hint: 'The same shape is also taught as the kanji <ja>一</ja> <kanji>One</kanji> (level 1).',
    lesson_position: 0,
    spaced_repetition_system_id: 2,
    character_images: [],
  },
};

export const ASSIGNMENT_EXAMPLE = {
  id: 1,
  object: 'assignment',
  url: `${BASE}/assignments/1`,
  data_updated_at: AT,
  data: {
    created_at: '2026-11-23T15:45:00.864Z',
    subject_id: 1,
    subject_type: 'radical',
    srs_stage: 1,
    unlocked_at: '2026-11-23T15:45:00.864Z',
    started_at: '2026-11-23T15:46:05.507Z',
    passed_at: null,
    burned_at: null,
    available_at: '2026-11-23T17:00:00.000Z',
    resurrected_at: null,
    hidden: false,
  },
};

export const REVIEW_BODY_EXAMPLE = { review: { assignment_id: 1, incorrect_meaning_answers: 1, incorrect_reading_answers: 0 } };

export const CREATED_REVIEW_EXAMPLE = {
  id: 1,
  object: 'review',
  url: `${BASE}/reviews/1`,
  data_updated_at: AT,
  data: {
    created_at: AT,
    assignment_id: 1,
    subject_id: 1,
    starting_srs_stage: 1,
    ending_srs_stage: 1,
    incorrect_meaning_answers: 1,
    incorrect_reading_answers: 0,
    spaced_repetition_system_id: 2,
  },
  resources_updated: {
    assignment: ASSIGNMENT_EXAMPLE,
    review_statistic: {
      id: 1,
      object: 'review_statistic',
      url: `${BASE}/review_statistics/1`,
      data_updated_at: AT,
      data: {
        created_at: AT,
        subject_id: 1,
        subject_type: 'radical',
        meaning_correct: 1,
        meaning_incorrect: 1,
        meaning_max_streak: 1,
        meaning_current_streak: 1,
        reading_correct: 0,
        reading_incorrect: 0,
        reading_max_streak: 0,
        reading_current_streak: 0,
        percentage_correct: 50,
        hidden: false,
      },
    },
  },
};

export const USER_EXAMPLE = {
  object: 'user',
  url: `${BASE}/user`,
  data_updated_at: '2026-11-23T15:46:05.507Z',
  data: {
    id: '803ca44a-a6c7-483c-a0ce-44129ebb76cd',
    username: 'demo',
    level: 1,
    profile_url: 'https://study.example.org/users/demo',
    started_at: '2026-11-23T15:45:00.864Z',
    current_vacation_started_at: null,
    timezone: 'Asia/Manila',
    subscription: { type: 'lifetime', active: true, period_ends_at: null, max_level_granted: 60 },
    // What a new account reads: the defaults with the reference keys beside them (voice actor 1).
    preferences: presentPreferences({}, [1]),
  },
};

/** A collection page: the envelope every list answers with. */
export const ASSIGNMENTS_COLLECTION_EXAMPLE = {
  object: 'collection',
  url: `${BASE}/assignments?started=true`,
  pages: { per_page: 500, next_url: null, previous_url: null },
  total_count: 1,
  data_updated_at: AT,
  data: [ASSIGNMENT_EXAMPLE],
};

export const SUBJECTS_COLLECTION_EXAMPLE = {
  object: 'collection',
  url: `${BASE}/subjects?levels=1`,
  pages: { per_page: 1000, next_url: `${BASE}/subjects?levels=1&page_after_id=1`, previous_url: null },
  total_count: 63,
  data_updated_at: '2026-11-23T15:44:57.032Z',
  data: [SUBJECT_EXAMPLE],
};

/** The error body every operation's 401 and 404 answers carry. */
export const ERROR_EXAMPLES: Record<string, { error: string; code: number }> = {
  '401': { error: 'Unauthorized. Provide a valid API token.', code: 401 },
  '404': { error: 'Not found', code: 404 },
};

/** Request and answer examples by operationId and status ("body" for the request). */
export const OPERATION_EXAMPLES: Record<string, Record<string, unknown>> = {
  getSubjects: { '200': SUBJECTS_COLLECTION_EXAMPLE, '422': { error: 'levels must be a comma-separated list of integers.', code: 422 } },
  getSubjectsById: { '200': SUBJECT_EXAMPLE },
  getAssignments: { '200': ASSIGNMENTS_COLLECTION_EXAMPLE },
  getAssignmentsById: { '200': ASSIGNMENT_EXAMPLE },
  postReviews: {
    body: REVIEW_BODY_EXAMPLE,
    '201': CREATED_REVIEW_EXAMPLE,
    '422': { error: 'Assignment is burned and cannot be reviewed.', code: 422 },
  },
  getUser: { '200': USER_EXAMPLE },
  putUser: { body: { user: { preferences: { lessons_batch_size: 5 } } }, '200': USER_EXAMPLE },
};
