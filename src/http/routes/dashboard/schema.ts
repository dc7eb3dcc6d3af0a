import Type from 'typebox';
import { EXTRA_STUDY_KINDS } from '../../../domain/extra-study.js';
import { WIDGET_KEYS } from '../../../domain/preferences.js';
import { SUBJECT_TYPES } from '../../../domain/subjects.js';
import { errors, IdList, NullableString, OneOf, ReportSchema, Timestamp } from '../../schemas.js';
import { DaysStudiedData, LocalDate } from '../days-studied/schema.js';
import { SpreadTotalsData } from '../item-spread/schema.js';
import { AllowanceData } from '../lesson-allowance/schema.js';
import { PeriodStatsData } from '../review-stats/schema.js';
import { VacationData } from '../vacation/schema.js';

const Waiting = Type.Object({ available: Type.Integer(), subject_ids: IdList });
const Tally = Type.Object({ passed: Type.Integer(), total: Type.Integer() });
const Progress = Type.Object({ remaining: Type.Integer(), total: Type.Integer() });

export const SubjectSummary = Type.Object({
  id: Type.Integer(),
  object: OneOf(SUBJECT_TYPES),
  data: Type.Object({
    slug: Type.String(),
    level: Type.Integer(),
    characters: NullableString,
    meanings: Type.Array(Type.Object({ meaning: Type.String(), primary: Type.Boolean(), accepted_answer: Type.Boolean() })),
  }),
});
const SubjectAt = Type.Object({ subject: SubjectSummary, at: Timestamp });

export const DashboardData = Type.Object({
  username: Type.String(),
  level: Type.Integer(),
  lessons: Type.Object({ ...Waiting.properties }, { description: "Available lessons trimmed to today's allowance" }),
  lesson_allowance: AllowanceData,
  vacation: VacationData,
  reviews: Waiting,
  forecast: Type.Array(Type.Object({ available_at: Timestamp, count: Type.Integer(), cumulative: Type.Integer() }), {
    description: 'Hours with arrivals over the next 7 days; cumulative starts from what already waits',
  }),
  level_progress: Type.Object({
    level: Type.Integer(),
    radicals: Tally,
    kanji: Tally,
    vocabulary: Tally,
    kanji_to_level_up: Type.Integer(),
  }),
  item_spread: SpreadTotalsData,
  recent_mistakes: Type.Object({ count: Type.Integer(), subject_ids: IdList }, { description: 'The last 24 hours, worst first' }),
  extra_study: Type.Object(
    Object.fromEntries(EXTRA_STUDY_KINDS.map((k) => [k, Progress])) as Record<(typeof EXTRA_STUDY_KINDS)[number], typeof Progress>,
  ),
  days_studied: DaysStudiedData,
  study_streak: Type.Object({
    current: Type.Integer(),
    best: Type.Integer(),
    studied_today: Type.Boolean(),
    offerings: Type.Integer({ description: 'Missed days still forgivable this week (Monday to Sunday)' }),
    today: LocalDate,
    recent_days: Type.Array(Type.Boolean(), { description: '14 days, oldest first, ending today' }),
  }),
  correct_percentage: PeriodStatsData,
  reviews_completed: PeriodStatsData,
  item_spread_view: Type.Union([Type.Literal('table'), Type.Literal('graph')]),
  recent_mistakes_mode: Type.Union([Type.Literal('list'), Type.Literal('flashcard')]),
  hidden_widgets: Type.Array(OneOf(WIDGET_KEYS)),
  recently_unlocked: Type.Array(SubjectAt, { description: 'Last 30 days, newest first, at most 12' }),
  recently_burned: Type.Array(SubjectAt, { description: 'Last 30 days, newest first, at most 12' }),
  critical_items: Type.Array(Type.Object({ subject: SubjectSummary, percentage_correct: Type.Integer() }), {
    description: 'percentage_correct below 75, still in the cycle, worst first, at most 12',
  }),
});

export const DashboardReport = ReportSchema(DashboardData, Type.Literal('report'));

export const dashboardSchema = {
  tags: ['screens'],
  summary: 'Everything the home screen needs in one request (ETag never matches: data_updated_at is now)',
  response: { 200: DashboardReport, ...errors(401) },
};
