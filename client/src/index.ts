/** The study service's typed client library: API types and calls, and the contract's client-side rules. */
export { createStudyClient, allPages, nextCursor, reviewSender, type StudyApi, type StudyClientOptions } from './http.js';
export { gradeAnswer, meaningKey, typoTolerance, type Grade, type GradableSubject, type QuestionKind } from './grading.js';
export { isKanaAnswer, readingKey, typedKana } from './kana.js';
export { batchSizeOf, cutBatch, interleave, lessonOrder, lessonSequence, LESSON_BATCH_SIZE, SUBJECT_TYPE_ORDER } from './lessons.js';
export { reviewQueueOrder, shuffle, APPRENTICE_MAX_STAGE, type PresentationOrder } from './review-order.js';
export {
  answerQuestion,
  currentQuestion,
  itemDone,
  questionsFor,
  recordGrade,
  startItem,
  startQuiz,
  type ItemProgress,
  type Question,
  type QuizState,
} from './quiz.js';
export {
  MemoryStore,
  OfflineReviewQueue,
  outcomeOfStatus,
  PERMANENT_REFUSALS,
  type DeadReview,
  type FlushReport,
  type QueuedReview,
  type QueueStore,
  type ReviewAnswer,
  type SendOutcome,
} from './offline-queue.js';
export { IdbStore } from './idb-store.js';
export { parseMarkup, MARKUP_TAGS, type MarkupNode, type MarkupTag } from './markup.js';
export type * from './types.js';
export {
  BURN_MANAGER_MAX_IDS,
  CRITICAL_PERCENTAGE,
  DEFAULT_PREFERENCES,
  HEAT_MAP_MAX_OFFSET,
  LESSONS_BATCH_SIZE_RANGE,
  MAX_DAILY_LESSONS_RANGE,
  MAX_LEVEL,
  PERIODS,
  PREFERENCE_CHOICES,
  readPreferences,
  REVIEWS_PRESENTATION_ORDERS,
  STUDY_MATERIAL_LIMITS,
  VOICE_GENDERS,
  WIDGET_KEYS,
  type Period,
  type StudyPreferences,
  type WidgetKey,
} from './preferences.js';
export { stageName } from './stages.js';
