import type { ReviewAnswers } from './engine.js';

/** A review statistic's counters (see docs/decisions.md, Statistic counters). */
export interface StatisticCounts {
  meaningCorrect: number;
  meaningIncorrect: number;
  meaningMaxStreak: number;
  meaningCurrentStreak: number;
  readingCorrect: number;
  readingIncorrect: number;
  readingMaxStreak: number;
  readingCurrentStreak: number;
}

export const EMPTY_STATISTIC: Readonly<StatisticCounts> = Object.freeze({
  meaningCorrect: 0,
  meaningIncorrect: 0,
  meaningMaxStreak: 0,
  meaningCurrentStreak: 0,
  readingCorrect: 0,
  readingIncorrect: 0,
  readingMaxStreak: 0,
  readingCurrentStreak: 0,
});

interface Part {
  correct: number;
  incorrect: number;
  maxStreak: number;
  currentStreak: number;
}

/** One part answered after `wrong` wrong attempts: the final right answer always counts as correct. */
function answerPart(part: Part, wrong: number): Part {
  const currentStreak = wrong === 0 ? part.currentStreak + 1 : 1;
  return {
    correct: part.correct + 1,
    incorrect: part.incorrect + wrong,
    currentStreak,
    maxStreak: Math.max(part.maxStreak, currentStreak),
  };
}

export function recordAnswers(counts: StatisticCounts, answers: ReviewAnswers): StatisticCounts {
  const meaning = answerPart(
    {
      correct: counts.meaningCorrect,
      incorrect: counts.meaningIncorrect,
      maxStreak: counts.meaningMaxStreak,
      currentStreak: counts.meaningCurrentStreak,
    },
    answers.incorrectMeaning,
  );
  const reading = answers.countsReading
    ? answerPart(
        {
          correct: counts.readingCorrect,
          incorrect: counts.readingIncorrect,
          maxStreak: counts.readingMaxStreak,
          currentStreak: counts.readingCurrentStreak,
        },
        answers.incorrectReading,
      )
    : {
        correct: counts.readingCorrect,
        incorrect: counts.readingIncorrect,
        maxStreak: counts.readingMaxStreak,
        currentStreak: counts.readingCurrentStreak,
      };
  return {
    meaningCorrect: meaning.correct,
    meaningIncorrect: meaning.incorrect,
    meaningMaxStreak: meaning.maxStreak,
    meaningCurrentStreak: meaning.currentStreak,
    readingCorrect: reading.correct,
    readingIncorrect: reading.incorrect,
    readingMaxStreak: reading.maxStreak,
    readingCurrentStreak: reading.currentStreak,
  };
}

/** Percentage over meaning and reading together; 100 for a row with no answers. */
export function percentageCorrect(counts: StatisticCounts): number {
  const correct = counts.meaningCorrect + counts.readingCorrect;
  const total = correct + counts.meaningIncorrect + counts.readingIncorrect;
  return total === 0 ? 100 : Math.round((100 * correct) / total);
}
