import { MAX_DAILY_LESSONS_CEILING } from './preferences.js';

export interface LessonAllowance {
  max: number;
  startedToday: number;
  remaining: number;
}

/**
 * How many lessons today's ceiling still permits. Every started lesson counts, including those a
 * picker started past the cap, so `remaining` bottoms out at 0 while `startedToday` may exceed `max`.
 */
export function lessonAllowance(maxDailyLessons: number, startedToday: number): LessonAllowance {
  const max = Math.min(maxDailyLessons, MAX_DAILY_LESSONS_CEILING);
  return { max, startedToday, remaining: Math.max(0, max - startedToday) };
}
