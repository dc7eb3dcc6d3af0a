import type { Static } from 'typebox';
import { dayNumberDate } from '../../../domain/calendar/day-numbers.js';
import type { Dashboard } from '../../../services/dashboard.js';
import { toIso } from '../../../shared/time.js';
import { presentDaysStudied } from '../days-studied/present.js';
import { presentAllowance } from '../lesson-allowance/present.js';
import { presentPeriodStats } from '../review-stats/present.js';
import { presentVacation } from '../vacation/present.js';
import type { DashboardData, SubjectSummary } from './schema.js';
import type { SubjectBrief } from '../../../domain/model/subjects.js';

function subject(s: SubjectBrief): Static<typeof SubjectSummary> {
  return {
    id: s.id,
    object: s.object,
    data: {
      slug: s.slug,
      level: s.level,
      characters: s.characters,
      meanings: s.meanings.map((m) => ({ meaning: m.meaning, primary: m.primary, accepted_answer: m.acceptedAnswer })),
    },
  };
}

const waiting = (ids: number[]) => ({ available: ids.length, subject_ids: ids });

export function presentDashboard(d: Dashboard): Static<typeof DashboardData> {
  const { levelProgress: p, streak } = d;
  return {
    username: d.username,
    level: d.level,
    lessons: waiting(d.lessonSubjectIds),
    lesson_allowance: presentAllowance(d.allowance),
    vacation: presentVacation(d.vacation),
    reviews: waiting(d.reviewSubjectIds),
    forecast: d.forecast.map((f) => ({ available_at: toIso(f.availableAt), count: f.count, cumulative: f.cumulative })),
    level_progress: { level: p.level, radicals: p.radicals, kanji: p.kanji, vocabulary: p.vocabulary, kanji_to_level_up: p.kanjiToLevelUp },
    item_spread: d.itemSpread,
    recent_mistakes: { count: d.recentMistakeSubjectIds.length, subject_ids: d.recentMistakeSubjectIds },
    extra_study: d.extraStudy,
    days_studied: presentDaysStudied(d.daysStudied),
    study_streak: {
      current: streak.current,
      best: streak.best,
      studied_today: streak.studiedToday,
      offerings: streak.offerings,
      today: dayNumberDate(streak.today),
      recent_days: streak.recentDays,
    },
    correct_percentage: presentPeriodStats(d.correctPercentage),
    reviews_completed: presentPeriodStats(d.reviewsCompleted),
    ...d.preferences,
    recently_unlocked: d.recentlyUnlocked.map((x) => ({ subject: subject(x.subject), at: toIso(x.at) })),
    recently_burned: d.recentlyBurned.map((x) => ({ subject: subject(x.subject), at: toIso(x.at) })),
    critical_items: d.criticalItems.map((x) => ({ subject: subject(x.subject), percentage_correct: x.percentageCorrect })),
  };
}
