import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  answerQuestion,
  currentQuestion,
  gradeAnswer,
  startQuiz,
  type Grade,
  type ItemProgress,
  type QuestionKind,
  type SubjectResource,
} from '../../../client/src/index.js';
import { AnswerBox, type AnswerState } from './AnswerBox.js';
import { SubjectCharacters, TYPE_LABEL } from './SubjectCharacters.js';

export interface QuizItem {
  /** The item's key: the subject id. */
  key: number;
  subject: SubjectResource;
  /** The learner's meaning synonyms (study material), accepted as correct. */
  synonyms: string[];
}

interface Props {
  items: QuizItem[];
  /** Called when both parts of an item are answered right; what it returns is shown (e.g. the SRS stage change). */
  onItemDone: (key: number, progress: ItemProgress) => Promise<ComponentChildren> | ComponentChildren;
  /** Every item is done. */
  onFinished: () => void;
}

interface Feedback {
  kind: QuestionKind;
  grade: Grade;
  note?: ComponentChildren;
}

const READING_NAMES: Record<string, string> = { onyomi: "on'yomi", kunyomi: "kun'yomi", nanori: 'nanori' };

function acceptedAnswers(subject: SubjectResource, kind: QuestionKind, synonyms: string[]): string[] {
  if (kind === 'reading') return (subject.data.readings ?? []).filter((r) => r.accepted_answer).map((r) => r.reading);
  const meanings = [...subject.data.meanings].sort((a, b) => Number(b.primary) - Number(a.primary));
  return [...meanings.filter((m) => m.accepted_answer).map((m) => m.meaning), ...synonyms];
}

function FeedbackText({ feedback, subject, synonyms }: { feedback: Feedback; subject: SubjectResource; synonyms: string[] }) {
  const { grade, kind } = feedback;
  const answers = acceptedAnswers(subject, kind, synonyms).join(', ');
  if (grade.result === 'nudge') {
    if (grade.reason === 'not_kana') return <>Type the reading in kana (romaji turns into kana as you type). Try again.</>;
    const wanted = (subject.data.readings ?? []).find((r) => r.accepted_answer)?.type;
    const asked = wanted ? (READING_NAMES[wanted] ?? wanted) : 'another reading';
    const given = grade.readingType ? (READING_NAMES[grade.readingType] ?? grade.readingType) : 'another answer';
    return (
      <>
        That is the {given}; we are looking for the {asked}. Try again, no penalty.
      </>
    );
  }
  if (grade.result === 'correct') {
    return (
      <>
        Correct{grade.exact ? '' : ` (close enough to “${grade.matched}”)`}. {kind === 'meaning' ? 'Meanings' : 'Readings'}:{' '}
        <span lang={kind === 'reading' ? 'ja' : 'en'}>{answers}</span>
        {feedback.note ? <> {feedback.note}</> : null}
      </>
    );
  }
  return (
    <>
      {grade.blacklisted ? 'Wrong: that is a different meaning.' : 'Wrong.'} {kind === 'meaning' ? 'Meanings' : 'Readings'}:{' '}
      <span lang={kind === 'reading' ? 'ja' : 'en'}>{answers}</span>. It will come back.
    </>
  );
}

/**
 * The shared quiz: asks each item's meaning (and reading, except radicals and kana vocabulary),
 * grades with the client library, brings wrong answers back later, and reports each item when both
 * parts are right. Used by lessons and reviews (and extra study).
 */
export function Quiz({ items, onItemDone, onFinished }: Props) {
  const byKey = useMemo(() => new Map(items.map((item) => [item.key, item])), [items]);
  const [state, setState] = useState(() => startQuiz(items.map((item) => ({ key: item.key, object: item.subject.object }))));
  const [answer, setAnswer] = useState('');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [next, setNext] = useState<typeof state | null>(null);
  /** An item's review is being saved: moving on waits for it. */
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const question = currentQuestion(state);
  const item = question ? byKey.get(question.key) : undefined;

  // Before the browser paints the new question, not after: an effect runs a frame later, and keys
  // typed in that frame (a fast learner's next answer) went nowhere.
  useLayoutEffect(() => {
    inputRef.current?.focus();
  }, [question?.key, question?.kind, feedback]);

  if (!question || !item) return null;
  const remaining = new Set(state.queue.map((q) => q.key)).size;
  const answerState: AnswerState = feedback === null ? 'idle' : feedback.grade.result;

  const onEnter = async () => {
    if (saving) return;
    if (next !== null) {
      const done = next.queue.length === 0;
      setState(next);
      setNext(null);
      setFeedback(null);
      setAnswer('');
      if (done) onFinished();
      return;
    }
    if (answer.trim() === '') return;
    const grade = gradeAnswer(item.subject.data, question.kind, answer, item.synonyms);
    if (grade.result === 'nudge') {
      setFeedback({ kind: question.kind, grade });
      return;
    }
    const result = answerQuestion(state, grade);
    setNext(result.state);
    setFeedback({ kind: question.kind, grade });
    if (result.finished) {
      setSaving(true);
      try {
        const note = await onItemDone(result.finished.key, result.finished.progress);
        if (note) setFeedback({ kind: question.kind, grade, note });
      } finally {
        setSaving(false);
      }
    }
  };

  return (
    <div class="quiz">
      <p class="quiz-progress" aria-live="polite">
        {remaining} {remaining === 1 ? 'item' : 'items'} left
      </p>
      <div class={`prompt type-${item.subject.object}`}>
        <h2 class="prompt-heading">
          <SubjectCharacters subject={item.subject} />
        </h2>
        <p class="prompt-type">{TYPE_LABEL[item.subject.object]}</p>
      </div>
      <p class={`question-kind ${question.kind}`} id="question">
        {TYPE_LABEL[item.subject.object]} <strong>{question.kind === 'meaning' ? 'Meaning' : 'Reading'}</strong>
      </p>
      <AnswerBox
        kind={question.kind}
        value={answer}
        state={answerState}
        onValue={(value) => {
          setAnswer(value);
          if (feedback?.grade.result === 'nudge') setFeedback(null);
        }}
        onEnter={onEnter}
        inputRef={inputRef}
      />
      <p id="answer-feedback" class={`feedback ${answerState}`} role="status" aria-live="polite" aria-busy={saving}>
        {feedback ? <FeedbackText feedback={feedback} subject={item.subject} synonyms={item.synonyms} /> : null}
      </p>
    </div>
  );
}
