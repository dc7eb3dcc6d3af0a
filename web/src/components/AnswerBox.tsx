import type { RefObject } from 'preact';
import { typedKana, type QuestionKind } from '../../../client/src/index.js';

export type AnswerState = 'idle' | 'correct' | 'incorrect' | 'nudge';

interface Props {
  kind: QuestionKind;
  value: string;
  state: AnswerState;
  onValue: (value: string) => void;
  /** Enter: submits an answer, or moves on after the feedback. */
  onEnter: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The answer box of every quiz: one labelled input that keeps the focus from question to question
 * (Enter submits, Enter again moves on). Readings turn romaji into kana as typed.
 */
export function AnswerBox({ kind, value, state, onValue, onEnter, inputRef }: Props) {
  const label = kind === 'meaning' ? 'Your answer: meaning, in English' : 'Your answer: reading, in kana (romaji turns into kana)';
  return (
    <form
      class={`answer-box ${state}`}
      onSubmit={(event) => {
        event.preventDefault();
        onEnter();
      }}
    >
      <label for="answer" class="visually-hidden">
        {label}
      </label>
      <input
        id="answer"
        ref={inputRef}
        value={value}
        lang={kind === 'reading' ? 'ja' : 'en'}
        placeholder={kind === 'meaning' ? 'Meaning' : '答え'}
        autocomplete="off"
        autocapitalize="off"
        spellcheck={false}
        readOnly={state === 'correct' || state === 'incorrect'}
        aria-invalid={state === 'incorrect' ? true : undefined}
        aria-describedby="answer-feedback"
        onInput={(event) => {
          const raw = event.currentTarget.value;
          onValue(kind === 'reading' ? typedKana(raw) : raw);
        }}
      />
      <button type="submit" class="primary" aria-label={state === 'correct' || state === 'incorrect' ? 'Next question' : 'Submit answer'}>
        {state === 'correct' || state === 'incorrect' ? 'Next' : 'Answer'}
      </button>
    </form>
  );
}
