import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { WIDGET_KEYS, type Period, type WidgetKey } from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { OfflineStatus } from '../components/OfflineStatus.js';
import { formatDay, formatNumber, plural, useZone } from '../format.js';
import { useSession, useUser } from '../session.js';
import { LoadState, useLoad } from '../use-load.js';
import { Forecast } from '../widgets/Forecast.js';
import { CriticalItems, ExtraStudyWidget, RecentlyList, RecentMistakes } from '../widgets/Lists.js';
import { ItemSpreadWidget, LevelProgress } from '../widgets/Progress.js';
import { CorrectPercentage, ReviewsCompleted, StudyStreak } from '../widgets/Stats.js';
import type { Dashboard } from '../widgets/types.js';

const WIDGET_TITLE: Record<WidgetKey, string> = {
  forecast: 'Review forecast',
  level_progress: 'Level progress',
  item_spread: 'Item spread',
  extra_study: 'Extra study',
  recent_mistakes: 'Recent mistakes',
  critical_items: 'Critical items',
  recently_unlocked: 'Recently unlocked',
  recently_burned: 'Recently burned',
  study_streak: 'Study streak',
  correct_percentage: 'Correct answers',
  reviews_completed: 'Reviews completed',
};

/** The widgets that span the full width of the grid (the chart). */
const WIDE: ReadonlySet<WidgetKey> = new Set(['forecast']);

function Widget({ id, onHide, children }: { id: WidgetKey; onHide: () => void; children: ComponentChildren }) {
  return (
    <section class={`widget widget-${id}${WIDE.has(id) ? ' wide' : ''}`} aria-labelledby={`widget-${id}`}>
      <header class="widget-header">
        <h2 id={`widget-${id}`}>{WIDGET_TITLE[id]}</h2>
        <button type="button" class="link-button hide-widget" onClick={onHide} aria-label={`Hide ${WIDGET_TITLE[id]}`}>
          Hide
        </button>
      </header>
      {children}
    </section>
  );
}

/** Home: what waits now, and every dashboard widget in the contract's order (one GET /dashboard). */
export default function Home() {
  const user = useUser();
  const zone = useZone();
  const { refresh } = useSession();
  const { state, reload } = useLoad(() => api.GET('/dashboard'));
  const [message, setMessage] = useState<string | null>(null);

  /** Writes preferences, then reads the dashboard again (it echoes them and recomputes the periods). */
  const savePreferences = async (preferences: Record<string, unknown>) => {
    const { error } = await api.PUT('/user', { body: { preferences } });
    if (error) return setMessage(errorText(error));
    setMessage(null);
    await Promise.all([reload(), refresh()]);
  };

  const endVacation = async () => {
    const { error } = await api.PUT('/vacation', { body: { active: false } });
    if (error) return setMessage(errorText(error));
    setMessage('Welcome back: your reviews were moved on by the time you were away.');
    await Promise.all([reload(), refresh()]);
  };

  if (state.status !== 'ready')
    return (
      <section>
        <h1>Welcome, {user.username}</h1>
        <LoadState state={state} />
      </section>
    );
  const d: Dashboard = state.data.data;
  const hidden = new Set<WidgetKey>(d.hidden_widgets);
  const setHidden = (key: WidgetKey, hide: boolean) =>
    savePreferences({ hidden_widgets: WIDGET_KEYS.filter((k) => (k === key ? hide : hidden.has(k))) });
  const onVacation = d.vacation.started_at !== null;
  const content: Record<WidgetKey, () => ComponentChildren> = {
    forecast: () => <Forecast dashboard={d} zone={zone} />,
    level_progress: () => <LevelProgress dashboard={d} />,
    item_spread: () => <ItemSpreadWidget dashboard={d} />,
    extra_study: () => <ExtraStudyWidget dashboard={d} />,
    recent_mistakes: () => <RecentMistakes dashboard={d} />,
    critical_items: () => <CriticalItems dashboard={d} />,
    recently_unlocked: () => (
      <RecentlyList label="Recently unlocked" items={d.recently_unlocked} zone={zone} empty="Nothing unlocked in the last 30 days." />
    ),
    recently_burned: () => (
      <RecentlyList label="Recently burned" items={d.recently_burned} zone={zone} empty="Nothing burned in the last 30 days." />
    ),
    study_streak: () => <StudyStreak dashboard={d} />,
    correct_percentage: () => (
      <CorrectPercentage data={d.correct_percentage} onPeriod={(p: Period) => savePreferences({ correct_percentage_period: p })} />
    ),
    reviews_completed: () => (
      <ReviewsCompleted data={d.reviews_completed} onPeriod={(p: Period) => savePreferences({ reviews_completed_period: p })} />
    ),
  };
  const newAccount = d.days_studied.days === 0;

  return (
    <section>
      <h1>
        Welcome, {d.username} <span class="level-badge">Level {d.level}</span>
      </h1>
      {message && (
        <p role="status" class="notice">
          {message}
        </p>
      )}
      {onVacation && (
        <div class="notice vacation" role="region" aria-label="Vacation">
          <p>
            <strong>You are on vacation</strong> since {formatDay(d.vacation.started_at!.slice(0, 10))} (
            {d.vacation.days_away === 0 ? 'started today' : `${plural(d.vacation.days_away, 'day')} away`}). Lessons and reviews wait, and
            nothing slips while you are gone.
          </p>
          <button type="button" class="primary" onClick={endVacation}>
            End vacation
          </button>
        </div>
      )}
      {newAccount && !onVacation && (
        <p class="notice ok">
          Welcome! Start with your first lessons: each one teaches a few radicals, then reviews bring them back to keep.
        </p>
      )}
      <div class="study-cards">
        <a class="study-card lessons" href="/lessons" aria-label={`Lessons: ${d.lessons.available} available`}>
          <span class="count">{formatNumber(d.lessons.available)}</span>
          <span class="label">Lessons</span>
          <span class="detail">
            {formatNumber(d.lesson_allowance.started_today)} / {formatNumber(d.lesson_allowance.max)} started today
          </span>
        </a>
        <a class="study-card reviews" href="/reviews" aria-label={`Reviews: ${d.reviews.available} available`}>
          <span class="count">{formatNumber(d.reviews.available)}</span>
          <span class="label">Reviews</span>
          <span class="detail">{d.reviews.available === 0 ? 'Nothing due now' : 'Due now'}</span>
        </a>
      </div>
      <p class="quick-links">
        <a href="/advance">Unlock more lessons</a> · <a href="/extra-study">Extra study</a> · <a href="/statistics">Statistics</a> ·{' '}
        <a href="/burn-manager">Burn manager</a>
      </p>
      <OfflineStatus />
      <div class="widgets">
        {WIDGET_KEYS.filter((key) => !hidden.has(key)).map((key) => (
          <Widget key={key} id={key} onHide={() => setHidden(key, true)}>
            {content[key]()}
          </Widget>
        ))}
      </div>
      {hidden.size > 0 && (
        <section class="hidden-widgets" aria-labelledby="hidden-widgets">
          <h2 id="hidden-widgets">Hidden widgets</h2>
          <ul>
            {WIDGET_KEYS.filter((key) => hidden.has(key)).map((key) => (
              <li key={key}>
                <button type="button" onClick={() => setHidden(key, false)} aria-label={`Show ${WIDGET_TITLE[key]}`}>
                  Show {WIDGET_TITLE[key]}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
