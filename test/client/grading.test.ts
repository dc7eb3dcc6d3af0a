import { describe, expect, it } from 'vitest';
import { gradeAnswer, meaningKey, typoTolerance, type GradableSubject, type Grade, type QuestionKind } from '../../client/src/grading.js';
import { isKanaAnswer, readingKey, typedKana } from '../../client/src/kana.js';

const m = (meaning: string, primary = false, accepted_answer = true) => ({ meaning, primary, accepted_answer });
const r = (reading: string, type: string, primary = false, accepted_answer = true) => ({ reading, type, primary, accepted_answer });

const SUBJECTS: Record<string, GradableSubject> = {
  radical: { meanings: [m('Ground', true)], auxiliary_meanings: [{ type: 'whitelist', meaning: 'Floor' }] },
  kanji: {
    meanings: [m('Big', true), m('Large')],
    auxiliary_meanings: [
      { type: 'whitelist', meaning: 'Huge' },
      { type: 'blacklist', meaning: 'Dog' },
    ],
    // 大: on'yomi asked (たい, だい); the kun'yomi おお is real but not accepted.
    readings: [r('たい', 'onyomi', true), r('だい', 'onyomi'), r('おお', 'kunyomi', false, false)],
  },
  vocabulary: {
    meanings: [m('Adult', true), m('Grown-Up')],
    auxiliary_meanings: [{ type: 'blacklist', meaning: 'Big Person' }],
    readings: [r('おとな', 'vocabulary', true)],
  },
  kana_vocabulary: { meanings: [m('Yes', true), m('Archaic Yes', false, false)], auxiliary_meanings: [] },
};

type Expect = Grade['result'] | `nudge:${'other_reading' | 'not_kana'}` | 'incorrect:blacklisted' | 'correct:inexact';

function summary(grade: Grade): Expect {
  if (grade.result === 'nudge') return `nudge:${grade.reason}`;
  if (grade.result === 'incorrect') return grade.blacklisted ? 'incorrect:blacklisted' : 'incorrect';
  return grade.exact ? 'correct' : 'correct:inexact';
}

const CASES: [type: string, kind: QuestionKind, answer: string, expected: Expect, synonyms?: string[]][] = [
  // radicals: meaning only; whitelist; typo tolerance
  ['radical', 'meaning', 'ground', 'correct'],
  ['radical', 'meaning', '  GROUND!', 'correct'],
  ['radical', 'meaning', 'floor', 'correct'],
  ['radical', 'meaning', 'grund', 'correct:inexact'],
  ['radical', 'meaning', 'sky', 'incorrect'],
  ['radical', 'meaning', '', 'incorrect'],
  // kanji meanings: accepted, whitelist, blacklist, primary has no bearing
  ['kanji', 'meaning', 'big', 'correct'],
  ['kanji', 'meaning', 'Large', 'correct'],
  ['kanji', 'meaning', 'larg', 'correct:inexact'],
  ['kanji', 'meaning', 'huge', 'correct'],
  ['kanji', 'meaning', 'dog', 'incorrect:blacklisted'],
  ['kanji', 'meaning', 'bog', 'incorrect'], // three letters: no typo tolerance
  ['kanji', 'meaning', 'enormous', 'correct', ['Enormous']],
  ['kanji', 'meaning', 'enormos', 'correct:inexact', ['Enormous']],
  // kanji readings: romaji converted, katakana folded, other real reading nudged, never forgiven
  ['kanji', 'reading', 'tai', 'correct'],
  ['kanji', 'reading', 'dai', 'correct'],
  ['kanji', 'reading', 'だい', 'correct'],
  ['kanji', 'reading', 'ダイ', 'correct'],
  ['kanji', 'reading', 'DAI', 'correct'],
  ['kanji', 'reading', 'oo', 'nudge:other_reading'],
  ['kanji', 'reading', 'おお', 'nudge:other_reading'],
  ['kanji', 'reading', 'ta', 'incorrect'],
  ['kanji', 'reading', 'tao', 'incorrect'],
  ['kanji', 'reading', 'big', 'nudge:not_kana'],
  ['kanji', 'reading', '', 'nudge:not_kana'],
  // vocabulary: punctuation-blind, blacklist not rescued by typos
  ['vocabulary', 'meaning', 'adult', 'correct'],
  ['vocabulary', 'meaning', 'grown up', 'correct'],
  ['vocabulary', 'meaning', 'grownup', 'correct:inexact'],
  ['vocabulary', 'meaning', 'big person', 'incorrect:blacklisted'],
  ['vocabulary', 'meaning', 'big persn', 'incorrect:blacklisted'],
  ['vocabulary', 'reading', 'otona', 'correct'],
  ['vocabulary', 'reading', 'オトナ', 'correct'],
  ['vocabulary', 'reading', 'otana', 'incorrect'],
  // kana vocabulary: a meaning that is not accepted is nudged, like a reading
  ['kana_vocabulary', 'meaning', 'yes', 'correct'],
  ['kana_vocabulary', 'meaning', 'archaic yes', 'nudge:other_reading'],
  ['kana_vocabulary', 'meaning', 'no', 'incorrect'],
];

describe('gradeAnswer', () => {
  it.each(CASES)('%s %s %j -> %s', (type, kind, answer, expected, synonyms) => {
    expect(summary(gradeAnswer(SUBJECTS[type] as GradableSubject, kind, answer, synonyms ?? []))).toBe(expected);
  });

  it('names the reading type of a nudge and the meaning a typo matched', () => {
    expect(gradeAnswer(SUBJECTS.kanji as GradableSubject, 'reading', 'oo')).toEqual({
      result: 'nudge',
      reason: 'other_reading',
      matched: 'おお',
      readingType: 'kunyomi',
    });
    expect(gradeAnswer(SUBJECTS.kanji as GradableSubject, 'meaning', 'larg')).toEqual({
      result: 'correct',
      matched: 'Large',
      exact: false,
    });
  });
});

describe('typo tolerance and normalisation', () => {
  it.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [5, 1],
    [6, 2],
    [7, 2],
    [8, 3],
    [13, 3],
    [14, 4],
    [20, 5],
  ])('an answer of %i characters forgives %i edits', (length, edits) => {
    expect(typoTolerance(length)).toBe(edits);
  });

  it('folds case, punctuation, spaces and full-width forms', () => {
    expect(meaningKey('  Grown-Up!!  ')).toBe('grown up');
    expect(meaningKey('ＢＩＧ')).toBe('big');
    expect(meaningKey("One's   Self")).toBe('one s self');
  });

  it('compares readings in hiragana, from romaji or katakana', () => {
    expect(readingKey('kyou')).toBe('きょう');
    expect(readingKey('キョウ')).toBe('きょう');
    expect(readingKey('shin')).toBe('しん');
    expect(readingKey(' ko u ')).toBe('こう');
    expect(isKanaAnswer('kyou')).toBe(true);
    expect(isKanaAnswer('tab')).toBe(false);
    expect(isKanaAnswer('')).toBe(false);
  });

  it('turns romaji into kana as typed, keeping a trailing n until the next key', () => {
    expect(typedKana('ka')).toBe('か');
    expect(typedKana('shin')).toBe('しn');
    expect(typedKana('shinn')).toBe('しん');
    expect(typedKana('kanji')).toBe('かんじ');
  });
});
