import type { FastifyInstance } from 'fastify';
import { DAY_MS, HOUR_MS } from '../../src/shared/time.js';
import type { SettableClock } from './harness.js';

/** How a simulated learner studies: every day some lessons, and every session all reviews due. */
export interface StudyPlan {
  days: number;
  /** Review sessions a day, spread over waking hours; lessons come in the first. */
  sessionsPerDay: number;
  lessonsPerDay: number;
  /** Share of reviews answered wrong at least once (meaning, and reading every other time). */
  wrongShare: number;
}

export const HEAVY_STUDY: StudyPlan = {
  days: Number(process.env.BENCH_STUDY_DAYS ?? 100),
  sessionsPerDay: 3,
  lessonsPerDay: 30,
  wrongShare: 0.15,
};

export interface StudiedLearner {
  level: number;
  assignments: number;
  lessons: number;
  reviews: number;
  wrong: number;
  seconds: number;
}

const WAKING_START_H = 7;
const WAKING_HOURS = 15;

/**
 * Builds a learner the way a learner does, through the API (in-process inject, every hook and
 * transaction as over the network): lessons with PUT /assignments/{id}/start, reviews with POST
 * /reviews, some answered wrong, while the clock moves through `plan.days` days ending at `end`.
 */
export async function studyThroughApi(
  app: FastifyInstance,
  clock: SettableClock,
  token: string,
  plan: StudyPlan,
  end: number,
): Promise<StudiedLearner> {
  const started = performance.now();
  const authorization = `Bearer ${token}`;
  const ids = async (filter: string): Promise<number[]> => {
    const found: number[] = [];
    for (let after = 0; ;) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/assignments?${filter}${after ? `&page_after_id=${after}` : ''}`,
        headers: { authorization },
      });
      const body = res.json() as { data: { id: number }[]; pages: { next_url: string | null } };
      found.push(...body.data.map((a) => a.id));
      if (body.pages.next_url === null || body.data.length === 0) return found;
      after = body.data[body.data.length - 1]!.id;
    }
  };
  const firstDay = Math.floor((end - plan.days * DAY_MS) / DAY_MS) * DAY_MS;
  let lessons = 0;
  let reviews = 0;
  let wrong = 0;
  for (let day = 0; day < plan.days; day += 1) {
    for (let session = 0; session < plan.sessionsPerDay; session += 1) {
      const at = firstDay + day * DAY_MS + (WAKING_START_H + (session * WAKING_HOURS) / plan.sessionsPerDay) * HOUR_MS;
      if (at > end) break;
      clock.set(at);
      for (const id of await ids('immediately_available_for_review')) {
        reviews += 1;
        // A fixed pattern, not randomness: two runs build the same learner.
        const miss = (reviews * 7919) % 100 < plan.wrongShare * 100;
        if (miss) wrong += 1;
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/reviews',
          headers: { authorization, 'content-type': 'application/json' },
          payload: JSON.stringify({
            assignment_id: id,
            incorrect_meaning_answers: miss ? 1 : 0,
            incorrect_reading_answers: miss && reviews % 2 === 0 ? 1 : 0,
          }),
        });
        if (res.statusCode !== 201) throw new Error(`review of ${id} answered ${res.statusCode}: ${res.body}`);
      }
      if (session === 0) {
        for (const id of (await ids('immediately_available_for_lessons')).slice(0, plan.lessonsPerDay)) {
          const res = await app.inject({
            method: 'PUT',
            url: `/api/v1/assignments/${id}/start`,
            headers: { authorization, 'content-type': 'application/json' },
            payload: '{}',
          });
          if (res.statusCode !== 200) throw new Error(`lesson ${id} answered ${res.statusCode}: ${res.body}`);
          lessons += 1;
        }
      }
    }
  }
  clock.set(end);
  const user = (await app.inject({ method: 'GET', url: '/api/v1/user', headers: { authorization } })).json() as { data: { level: number } };
  const held = (await app.inject({ method: 'GET', url: '/api/v1/assignments', headers: { authorization } })).json() as {
    total_count: number;
  };
  return {
    level: user.data.level,
    assignments: held.total_count,
    lessons,
    reviews,
    wrong,
    seconds: Math.round((performance.now() - started) / 1000),
  };
}
