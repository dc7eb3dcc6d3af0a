import { studyStreak, daysStudied, type DaysStudied, type StudyStreak } from '../domain/calendar/streak.js';
import {
  CRITICAL_BELOW_PERCENTAGE,
  DASHBOARD_LIST_LIMIT,
  RECENT_EVENTS_WINDOW_MS,
  levelProgress,
  type LevelProgress,
} from '../domain/dashboard.js';
import { EXTRA_STUDY_WINDOW_MS, type ExtraStudyKind, type StudyProgress } from '../domain/extra-study.js';
import { FORECAST_SPAN_MS, forecast, type ForecastEntry } from '../domain/forecast.js';
import type { SpreadTotals } from '../domain/item-spread.js';
import type { LessonAllowance } from '../domain/pacing.js';
import { readPreferences, type Preferences } from '../domain/preferences.js';
import { criticalItems } from '../db/repositories/highlights.js';
import { pendingLessonSubjectIds, reviewSchedule } from '../db/repositories/queues.js';
import { arrivalsBetween, dueAt, SCHEDULE_SERVES_MS, scheduleReadAt } from '../domain/review-schedule.js';
import { recentMistakes } from '../db/repositories/mistakes.js';
import { levelProgressByType } from '../db/repositories/progress.js';
import { findUserById } from '../db/repositories/users.js';
import { contentVersionRead } from '../db/repositories/content-version.js';
import { highestLevelRead } from '../db/repositories/level-progressions.js';
import { activityRangeRead } from '../db/repositories/stats.js';
import { known, readTallies } from '../db/tallies.js';
import type { Executor } from '../db/transaction.js';
import { notFound, ok, type Result } from '../shared/result.js';
import { studyHistory } from './days-studied.js';
import { subjectBriefsAt } from './subject-briefs.js';
import type { Deps } from './deps.js';
import { extraStudyCounts } from './extra-study.js';
import { historyParts, type HistoryParts } from './history-memo.js';
import { itemSpreadTotals } from './item-spread.js';
import { levelOf } from './levels.js';
import { allowanceRead, waitingNow } from './pacing.js';
import { keptEvents, type RecentEvents } from './recent-events.js';
import { periodStatsRead, type PeriodStats } from './review-stats.js';
import { vacationOf, type VacationView } from './vacation.js';
import type { SubjectBrief } from '../domain/model/subjects.js';

export interface SubjectMoment {
  subject: SubjectBrief;
  at: number;
}

export interface CriticalSubject {
  subject: SubjectBrief;
  percentageCorrect: number;
}

export interface Highlights {
  recentlyUnlocked: SubjectMoment[];
  recentlyBurned: SubjectMoment[];
  criticalItems: CriticalSubject[];
}

export interface Dashboard extends Highlights {
  now: number;
  username: string;
  level: number;
  lessonSubjectIds: number[];
  reviewSubjectIds: number[];
  allowance: LessonAllowance;
  vacation: VacationView;
  forecast: ForecastEntry[];
  levelProgress: LevelProgress;
  itemSpread: SpreadTotals;
  recentMistakeSubjectIds: number[];
  extraStudy: Record<ExtraStudyKind, StudyProgress>;
  daysStudied: DaysStudied;
  streak: StudyStreak;
  correctPercentage: PeriodStats;
  reviewsCompleted: PeriodStats;
  preferences: Pick<Preferences, 'item_spread_view' | 'recent_mistakes_mode' | 'hidden_widgets'>;
}

/** The three subject lists, with their subjects from the briefs of the content version. */
async function highlights(
  db: Executor,
  userId: number,
  now: number,
  parts: HistoryParts,
  events: RecentEvents,
  briefsNow: Promise<Map<number, SubjectBrief>>,
): Promise<Highlights> {
  const since = now - RECENT_EVENTS_WINDOW_MS;
  const [unlocked, burned, critical, briefs] = await Promise.all([
    events('unlocked_at', since, DASHBOARD_LIST_LIMIT),
    events('burned_at', since, DASHBOARD_LIST_LIMIT),
    parts.get('critical items', '', () => criticalItems(db, userId, CRITICAL_BELOW_PERCENTAGE, DASHBOARD_LIST_LIMIT)),
    briefsNow,
  ]);
  const withSubject = <T extends { subjectId: number }>(rows: T[]) =>
    rows.flatMap(({ subjectId, ...rest }) => {
      const subject = briefs.get(subjectId);
      return subject ? [{ subject, ...rest }] : [];
    });
  return { recentlyUnlocked: withSubject(unlocked), recentlyBurned: withSubject(burned), criticalItems: withSubject(critical) };
}

/**
 * GET /dashboard: everything the home screen shows, computed for now in the user's zone. On
 * vacation nothing is served: lessons and reviews read empty and the forecast is too.
 *
 * The single-row numbers (level, today's lessons, the two periods' review totals, the history's
 * span, the content version) are one statement (readTallies); the reads that need none of them
 * start at once, beside it.
 */
export async function getDashboard(deps: Deps, userId: number): Promise<Result<Dashboard>> {
  const db = deps.db.kysely;
  const now = deps.clock.now();
  const user = await findUserById(db, userId);
  if (!user) return notFound();
  // Read with the user, before any of the parts it keeps: see learnerStateKey.
  const parts = historyParts(deps, user);
  const preferences = readPreferences(user.storedPreferences);
  const samePeriods = preferences.reviews_completed_period === preferences.correct_percentage_period;
  const tallies = readTallies([
    highestLevelRead(db, userId),
    allowanceRead(db, user, now),
    periodStatsRead(db, user, preferences.correct_percentage_period, now),
    samePeriods ? known(null) : periodStatsRead(db, user, preferences.reviews_completed_period, now),
    activityRangeRead(db, userId),
    contentVersionRead(db),
  ]);
  // Listed as recent_mistakes and counted in extra_study: one read for both.
  const mistakesNow = recentMistakes(db, userId, now - EXTRA_STUDY_WINDOW_MS, now);
  const events = keptEvents(db, userId, parts);
  // Reviews come due with no write: the schedule is read for the hour, the clock picks from it.
  const readAt = scheduleReadAt(now);
  const schedule = parts.get('review schedule', `from ${readAt}`, () =>
    reviewSchedule(db, userId, readAt, readAt + SCHEDULE_SERVES_MS + FORECAST_SPAN_MS),
  );
  const unlevelled = Promise.all([
    schedule,
    parts.get('stage counts', '', () => itemSpreadTotals(db, userId)),
    mistakesNow,
    extraStudyCounts(db, userId, now, { events, mistakesNow }),
    highlights(
      db,
      userId,
      now,
      parts,
      events,
      tallies.then(([, , , , , version]) => subjectBriefsAt(deps.db, version)),
    ),
  ]);
  const levelled = tallies.then(([highest, allowance, , , range, version]) => {
    const level = levelOf(user, highest);
    return Promise.all([
      level,
      waitingNow(
        db,
        user,
        level,
        now,
        allowance,
        schedule.then((read) => dueAt(read, now)),
        parts.get('lessons waiting', `level ${level}, content version ${version}`, () => pendingLessonSubjectIds(db, userId, level)),
      ),
      // The level's subjects count too: the content version.
      parts.get('level progress', `level ${level}, content version ${version}`, () => levelProgressByType(db, userId, level)),
      studyHistory(db, user, now, parts, range),
    ]);
  });
  const [[, , correctPercentage, completedStats], [reviews, itemSpread, mistakes, extraStudy, lists], [level, waiting, byType, history]] =
    await Promise.all([tallies, unlevelled, levelled]);
  const reviewsCompleted = completedStats ?? correctPercentage;
  const onVacation = user.vacationStartedAt !== null;
  return ok({
    now,
    username: user.username,
    level,
    lessonSubjectIds: onVacation ? [] : waiting.lessonSubjectIds,
    reviewSubjectIds: onVacation ? [] : waiting.reviewSubjectIds,
    allowance: waiting.allowance,
    vacation: vacationOf(user, now),
    forecast: onVacation ? [] : forecast(waiting.reviewSubjectIds.length, arrivalsBetween(reviews, now, now + FORECAST_SPAN_MS)),
    levelProgress: levelProgress(level, byType),
    itemSpread,
    recentMistakeSubjectIds: mistakes.map((m) => m.subjectId),
    extraStudy,
    daysStudied: daysStudied(history.days),
    streak: studyStreak(history.days, history.today),
    correctPercentage,
    reviewsCompleted,
    preferences: {
      item_spread_view: preferences.item_spread_view,
      recent_mistakes_mode: preferences.recent_mistakes_mode,
      hidden_widgets: preferences.hidden_widgets,
    },
    ...lists,
  });
}
