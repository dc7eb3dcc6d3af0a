import type { Grade, QuestionKind } from './grading.js';

/** Radicals and kana_vocabulary are quizzed on meaning only. */
export function questionsFor(object: string): QuestionKind[] {
  return object === 'radical' || object === 'kana_vocabulary' ? ['meaning'] : ['meaning', 'reading'];
}

/** One item's progress through a review: questions still to answer right, and wrong attempts so far. */
export interface ItemProgress {
  remaining: QuestionKind[];
  incorrectMeaning: number;
  incorrectReading: number;
}

export function startItem(object: string): ItemProgress {
  return { remaining: questionsFor(object), incorrectMeaning: 0, incorrectReading: 0 };
}

/** Applies one graded answer: right clears the question, wrong counts an attempt, a nudge changes nothing. */
export function recordGrade(progress: ItemProgress, kind: QuestionKind, grade: Grade): ItemProgress {
  if (grade.result === 'correct') return { ...progress, remaining: progress.remaining.filter((k) => k !== kind) };
  if (grade.result === 'nudge') return progress;
  return kind === 'meaning'
    ? { ...progress, incorrectMeaning: progress.incorrectMeaning + 1 }
    : { ...progress, incorrectReading: progress.incorrectReading + 1 };
}

/** Both parts answered right: the moment the review is posted. */
export function itemDone(progress: ItemProgress): boolean {
  return progress.remaining.length === 0;
}

/** One question of a quiz: which item (its key, e.g. the subject id) and which part. */
export interface Question {
  key: number;
  kind: QuestionKind;
}

/** A quiz over several items: questions in the order they will be asked, and each item's progress. */
export interface QuizState {
  queue: Question[];
  progress: Record<number, ItemProgress>;
}

/** Questions item by item, meaning before reading, in the items' order. */
export function startQuiz(items: readonly { key: number; object: string }[]): QuizState {
  const progress: Record<number, ItemProgress> = {};
  const queue: Question[] = [];
  for (const item of items) {
    progress[item.key] = startItem(item.object);
    for (const kind of questionsFor(item.object)) queue.push({ key: item.key, kind });
  }
  return { queue, progress };
}

export function currentQuestion(state: QuizState): Question | null {
  return state.queue[0] ?? null;
}

/**
 * Applies the grade of the current question. Right: the question leaves the queue, and when it was
 * the item's last, the item is returned as `finished` (the moment to post its review). Wrong: the
 * question goes to the back of the queue to be asked again. A nudge leaves everything as it was.
 */
export function answerQuestion(
  state: QuizState,
  grade: Grade,
): { state: QuizState; finished: { key: number; progress: ItemProgress } | null } {
  const question = state.queue[0];
  if (question === undefined || grade.result === 'nudge') return { state, finished: null };
  const before = state.progress[question.key] ?? startItem('kanji');
  const after = recordGrade(before, question.kind, grade);
  const rest = state.queue.slice(1);
  const queue = grade.result === 'correct' ? rest : [...rest, question];
  const next = { queue, progress: { ...state.progress, [question.key]: after } };
  return { state: next, finished: grade.result === 'correct' && itemDone(after) ? { key: question.key, progress: after } : null };
}
