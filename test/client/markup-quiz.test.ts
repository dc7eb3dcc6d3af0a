import { describe, expect, it } from 'vitest';
import { parseMarkup } from '../../client/src/markup.js';
import { answerQuestion, currentQuestion, questionsFor, startQuiz } from '../../client/src/quiz.js';
import type { Grade } from '../../client/src/grading.js';

describe('mnemonic markup', () => {
  it('parses the contract tags into a tree, nesting kept', () => {
    expect(parseMarkup('The <radical>ground</radical> under a <kanji>big <b>man</b></kanji>. Say <reading>だい</reading>!')).toEqual([
      'The ',
      { tag: 'radical', children: ['ground'] },
      ' under a ',
      { tag: 'kanji', children: ['big ', { tag: 'b', children: ['man'] }] },
      '. Say ',
      { tag: 'reading', children: ['だい'] },
      '!',
    ]);
  });

  it('keeps anything else as text: HTML, stray closers; unclosed tags close at the end', () => {
    expect(parseMarkup('<script>alert(1)</script>')).toEqual(['<script>alert(1)</script>']);
    expect(parseMarkup('a </kanji> b')).toEqual(['a </kanji> b']);
    expect(parseMarkup('<ja>日本<i>語')).toEqual([{ tag: 'ja', children: ['日本', { tag: 'i', children: ['語'] }] }]);
    expect(parseMarkup('')).toEqual([]);
  });
});

const correct: Grade = { result: 'correct', matched: 'x', exact: true };
const wrong: Grade = { result: 'incorrect', blacklisted: false };
const nudge: Grade = { result: 'nudge', reason: 'not_kana' };

describe('quiz queue', () => {
  it('asks meaning only of radicals and kana vocabulary', () => {
    expect(questionsFor('radical')).toEqual(['meaning']);
    expect(questionsFor('kana_vocabulary')).toEqual(['meaning']);
    expect(questionsFor('kanji')).toEqual(['meaning', 'reading']);
    expect(questionsFor('vocabulary')).toEqual(['meaning', 'reading']);
  });

  it('finishes an item when both parts are right, counting wrong attempts; nudges count nothing', () => {
    let state = startQuiz([
      { key: 1, object: 'kanji' },
      { key: 2, object: 'radical' },
    ]);
    expect(state.queue).toEqual([
      { key: 1, kind: 'meaning' },
      { key: 1, kind: 'reading' },
      { key: 2, kind: 'meaning' },
    ]);
    const finished: unknown[] = [];
    const step = (grade: Grade) => {
      const result = answerQuestion(state, grade);
      state = result.state;
      if (result.finished) finished.push(result.finished);
    };
    step(wrong); // kanji meaning wrong: to the back
    expect(currentQuestion(state)).toEqual({ key: 1, kind: 'reading' });
    step(nudge); // nothing changes
    expect(currentQuestion(state)).toEqual({ key: 1, kind: 'reading' });
    step(wrong); // reading wrong
    step(correct); // radical meaning right: radical done
    expect(finished).toEqual([{ key: 2, progress: { remaining: [], incorrectMeaning: 0, incorrectReading: 0 } }]);
    step(correct); // kanji meaning
    step(wrong); // reading wrong again
    step(correct);
    expect(finished[1]).toEqual({ key: 1, progress: { remaining: [], incorrectMeaning: 1, incorrectReading: 2 } });
    expect(currentQuestion(state)).toBeNull();
  });
});
