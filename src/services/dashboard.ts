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
import { arrivalsBetween, dueAt, SCHEDULE_SERVES_MS, scheduleReadAt } from '../domain/review-schedule.js';
import { recentMistakes } from '../db/repositories/mistakes.js';
import { findUserByCredential, findUserById } from '../db/repositories/users.js';
import { highestLevel } from '../db/repositories/level-progressions.js';
import { notFound, ok, type Result } from '../shared/result.js';
import { studyHistory } from './days-studied.js';
import { subjectBriefsAt } from './subject-briefs.js';
import type { Deps } from './deps.js';
import { extraStudyCounts } from './extra-study.js';
import { historyParts, type HistoryParts } from './history-memo.js';
import { learnerAssignments, type LearnerAssignments } from './learner-assignments.js';
import { levelOf } from './levels.js';
import { keptAllowance, waitingNow } from './pacing.js';
import { keptEvents, type RecentEvents } from './recent-events.js';
import { keptPeriodStats, type PeriodStats } from './review-stats.js';
import { vacationOf, type VacationView } from './vacation.js';
import type { SubjectBrief } from '../domain/model/subjects.js';
import type { CredentialOwner, PresentedCredential } from '../domain/model/credentials.js';
import type { UserRecord } from '../domain/model/users.js';
import { credentialHashes } from './credentials.js';

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
  now: number,
  parts: HistoryParts,
  assignments: LearnerAssignments,
  events: RecentEvents,
  briefsNow: Promise<Map<number, SubjectBrief>>,
): Promise<Highlights> {
  const since = now - RECENT_EVENTS_WINDOW_MS;
  const [unlocked, burned, critical, briefs] = await Promise.all([
    events('unlocked_at', since, DASHBOARD_LIST_LIMIT),
    events('burned_at', since, DASHBOARD_LIST_LIMIT),
    parts.get('critical items', '', () => assignments.criticalItems(CRITICAL_BELOW_PERCENTAGE, DASHBOARD_LIST_LIMIT)),
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
 * What depends on the learner's rows alone is kept per change stamp (`parts`; docs/decisions.md,
 * "History memo"), and what depends on the clock too is worked out from kept rows by the clock:
 * an unchanged learner's dashboard reads the user, the recent mistakes and the latest extra study
 * cycles. `contentVersion` is the one read with the credential, before the user: as with the key,
 * a part kept under it may be newer than it, never older. The reads start at once, each as soon
 * as what it needs is known.
 */
export async function getDashboard(deps: Deps, userId: number, contentVersion: number): Promise<Result<Dashboard>> {
  const now = deps.clock.now();
  const user = await findUserById(deps.db.kysely, userId);
  return user ? ok(await dashboardOf(deps, user, contentVersion, now)) : notFound();
}

/**
 * GET /dashboard on PostgreSQL for a credential not yet checked (plugins/auth.ts, checksCredential):
 * the user is read with the credential check and the content version in one statement
 * (findUserByCredential), one round trip fewer before the dashboard's reads start. `accept` is
 * told the credential's owner once it passed; undefined when it does not pass.
 */
export async function getDashboardWithCredential(
  deps: Deps,
  credential: PresentedCredential,
  accept: (owner: CredentialOwner) => void,
): Promise<Dashboard | undefined> {
  const now = deps.clock.now();
  const read = await findUserByCredential(deps.db.kysely, credentialHashes(credential), now);
  if (read === undefined) return undefined;
  accept(read.owner);
  return dashboardOf(deps, read.user, read.owner.contentVersion, now);
}

async function dashboardOf(deps: Deps, user: UserRecord, contentVersion: number, now: number): Promise<Dashboard> {
  const db = deps.db.kysely;
  const userId = user.id;
  // Read with the user, before any of the parts it keeps: see learnerStateKey.
  const parts = historyParts(deps, user);
  const preferences = readPreferences(user.storedPreferences);
  const highest = parts.get('highest level', '', () => highestLevel(db, userId));
  const correctPercentageNow = keptPeriodStats(db, user, preferences.correct_percentage_period, now, parts);
  const reviewsCompletedNow =
    preferences.reviews_completed_period === preferences.correct_percentage_period
      ? correctPercentageNow
      : keptPeriodStats(db, user, preferences.reviews_completed_period, now, parts);
  // Listed as recent_mistakes and counted in extra_study: one read for both.
  const mistakesNow = recentMistakes(db, userId, now - EXTRA_STUDY_WINDOW_MS, now);
  const assignments = learnerAssignments(deps, user, contentVersion);
  const events = keptEvents(assignments.latestEvents, parts);
  // Reviews come due with no write: the schedule is read for the hour, the clock picks from it.
  const readAt = scheduleReadAt(now);
  const schedule = parts.get('review schedule', `from ${readAt}`, () =>
    assignments.schedule(readAt, readAt + SCHEDULE_SERVES_MS + FORECAST_SPAN_MS),
  );
  const unlevelled = Promise.all([
    schedule,
    parts.get('stage counts', '', () => assignments.stageCounts()),
    mistakesNow,
    extraStudyCounts(db, userId, now, { events, mistakesNow }),
    highlights(now, parts, assignments, events, subjectBriefsAt(deps.db, contentVersion)),
    studyHistory(deps, user, now, parts),
  ]);
  // Today's lessons do not depend on the level: read at once, not after it (and awaited below
  // with the rest, so a failure is handled while the level is still being read).
  const allowanceNow = keptAllowance(db, user, now, parts);
  const levelled = highest.then((top) => {
    const level = levelOf(user, top);
    return Promise.all([
      level,
      waitingNow(
        db,
        user,
        level,
        now,
        allowanceNow,
        schedule.then((read) => dueAt(read, now)),
        parts.get('lessons waiting', `level ${level}, content version ${contentVersion}`, () => assignments.lessonsWaiting(level)),
      ),
      // The level's subjects count too: the content version.
      parts.get('level progress', `level ${level}, content version ${contentVersion}`, () => assignments.levelProgress(level)),
    ]);
  });
  const [correctPercentage, reviewsCompleted, [reviews, itemSpread, mistakes, extraStudy, lists, history], [level, waiting, byType]] =
    await Promise.all([correctPercentageNow, reviewsCompletedNow, unlevelled, levelled, allowanceNow]);
  const onVacation = user.vacationStartedAt !== null;
  return {
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
  };
}
