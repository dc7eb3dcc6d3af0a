import { useState } from 'preact/hooks';
import { HEAT_MAP_MAX_OFFSET, PERIODS, readPreferences } from '../../../client/src/index.js';
import { api } from '../api.js';
import { formatDay, formatNumber, formatPercent, PERIOD_LABEL, plural, weekdayOf } from '../format.js';
import { useSession, useUser } from '../session.js';
import { LoadState, useLoad } from '../use-load.js';

type View = 'month' | 'year';
interface HeatDay {
  day: string;
  reviews: number;
  lessons: number;
}

/** Colour step 0-4 of a day's activity, relative to the busiest day shown. */
function level(count: number, max: number): number {
  if (count === 0 || max === 0) return 0;
  return Math.min(4, Math.ceil((count / max) * 4));
}

/** A year laid out as one column per week (Monday first), one row per weekday. */
function HeatGrid({ days, label }: { days: HeatDay[]; label: string }) {
  const max = Math.max(0, ...days.map((d) => d.reviews + d.lessons));
  const first = days[0];
  if (!first) return null;
  const lead = (new Date(`${first.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const cells: (HeatDay | null)[] = [...Array<null>(lead).fill(null), ...days];
  const weeks: (HeatDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const size = 14;
  const gap = 3;
  const left = 26;
  const width = left + weeks.length * (size + gap);
  const height = 7 * (size + gap);
  return (
    <svg class="heat-grid year" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      {['Mon', 'Wed', 'Fri'].map((name, i) => (
        <text key={name} class="axis" x="0" y={i * 2 * (size + gap) + size - 3}>
          {name}
        </text>
      ))}
      {weeks.map((week, w) =>
        week.map((d, r) =>
          d === null ? null : (
            <rect
              key={d.day}
              class={`heat heat-${level(d.reviews + d.lessons, max)}`}
              x={left + w * (size + gap)}
              y={r * (size + gap)}
              width={size}
              height={size}
              rx="2"
            >
              <title>
                {formatDay(d.day)}: {plural(d.reviews, 'review')}, {plural(d.lessons, 'lesson')}
              </title>
            </rect>
          ),
        ),
      )}
    </svg>
  );
}

// Short names of a Monday-to-Sunday week (any such week gives them in the browser's language).
const WEEKDAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'].map((d) =>
  weekdayOf(d),
);

/** A month as a calendar: Monday-first weeks, each day numbered and coloured by its activity. */
function MonthCalendar({ days, label }: { days: HeatDay[]; label: string }) {
  const max = Math.max(0, ...days.map((d) => d.reviews + d.lessons));
  const first = days[0];
  if (!first) return null;
  const lead = (new Date(`${first.day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return (
    <ol class="month-calendar" aria-label={label}>
      {WEEKDAYS.map((name) => (
        <li key={name} class="weekday" aria-hidden="true">
          {name}
        </li>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        <li key={`lead-${i}`} aria-hidden="true" />
      ))}
      {days.map((d) => (
        <li
          key={d.day}
          class={`cell heat-${level(d.reviews + d.lessons, max)}`}
          title={`${plural(d.reviews, 'review')}, ${plural(d.lessons, 'lesson')}`}
        >
          <span aria-hidden="true">{Number(d.day.slice(8))}</span>
          <span class="visually-hidden">
            {formatDay(d.day)}: {plural(d.reviews, 'review')}, {plural(d.lessons, 'lesson')}
          </span>
        </li>
      ))}
    </ol>
  );
}

function HeatMap() {
  const user = useUser();
  const { refresh } = useSession();
  const [view, setView] = useState<View>(readPreferences(user.preferences).heat_map_view);
  const [offset, setOffset] = useState(0);
  const { state } = useLoad(() => api.GET('/heat_map', { params: { query: { view, offset: String(offset) } } }), [view, offset]);
  const changeView = async (next: View) => {
    setView(next);
    setOffset(0);
    await api.PUT('/user', { body: { preferences: { heat_map_view: next } } });
    await refresh();
  };
  const data = state.status === 'ready' ? state.data.data : null;
  const totals = data
    ? data.days.reduce((t, d) => ({ reviews: t.reviews + d.reviews, lessons: t.lessons + d.lessons }), { reviews: 0, lessons: 0 })
    : null;
  const active = data ? data.days.filter((d) => d.reviews + d.lessons > 0) : [];
  return (
    <section class="panel" aria-labelledby="heat-map-heading">
      <h2 id="heat-map-heading">Heat map</h2>
      <div class="toolbar">
        <div role="group" aria-label="View" class="segmented">
          {(['month', 'year'] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => changeView(v)}>
              {v === 'month' ? 'Month' : 'Year'}
            </button>
          ))}
        </div>
        <div class="pager">
          <button
            type="button"
            disabled={offset >= HEAT_MAP_MAX_OFFSET}
            onClick={() => setOffset(offset + 1)}
            aria-label={`Previous ${view}`}
          >
            ‹
          </button>
          <span class="pager-label" aria-live="polite">
            {data?.label ?? '…'}
          </span>
          <button type="button" disabled={offset === 0} onClick={() => setOffset(offset - 1)} aria-label={`Next ${view}`}>
            ›
          </button>
        </div>
      </div>
      <LoadState state={state} />
      {data && totals && (
        <>
          {view === 'month' ? (
            <MonthCalendar days={data.days} label={`Reviews and lessons per day, ${data.label}`} />
          ) : (
            <div class="heat-scroll">
              <HeatGrid days={data.days} label={`Reviews and lessons per day, ${data.label}`} />
            </div>
          )}
          <p>
            {data.label}: {plural(totals.reviews, 'review')} and {plural(totals.lessons, 'lesson')} on {plural(active.length, 'day')} (
            {formatDay(data.from)} to {formatDay(data.to)}).
          </p>
          {view === 'month' && active.length > 0 && (
            <details>
              <summary>Day by day</summary>
              <ul class="day-list">
                {active.map((d) => (
                  <li key={d.day}>
                    {weekdayOf(d.day)} {formatDay(d.day)}: {plural(d.reviews, 'review')}, {plural(d.lessons, 'lesson')}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

function ReviewStats() {
  const { state } = useLoad(() =>
    Promise.all(PERIODS.map((period) => api.GET('/review_stats', { params: { query: { period } } }))).then((results) => {
      const failed = results.find((r) => r.data === undefined);
      return failed ? { error: failed.error } : { data: results.map((r) => r.data!.data) };
    }),
  );
  return (
    <section class="panel" aria-labelledby="review-stats-heading">
      <h2 id="review-stats-heading">Reviews and accuracy</h2>
      <LoadState state={state} />
      {state.status === 'ready' && (
        <div class="table-scroll">
          <table class="stats-table">
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Reviews</th>
                <th scope="col">Before</th>
                <th scope="col">Right first time</th>
                <th scope="col">Before</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((s) => (
                <tr key={s.period}>
                  <th scope="row">{PERIOD_LABEL[s.period]}</th>
                  <td>{formatNumber(s.current.reviews)}</td>
                  <td class="muted">{s.period === 'all_time' ? '—' : formatNumber(s.previous.reviews)}</td>
                  <td>
                    <span class="pct-bar" style={{ '--pct': `${s.current.percentage ?? 0}%` }}>
                      {formatPercent(s.current.percentage)}
                    </span>
                  </td>
                  <td class="muted">{formatPercent(s.previous.percentage)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DaysStudied() {
  const { state } = useLoad(() => api.GET('/days_studied'));
  return (
    <section class="panel" aria-labelledby="days-studied-heading">
      <h2 id="days-studied-heading">Days studied</h2>
      <LoadState state={state} />
      {state.status === 'ready' &&
        (state.data.data.days === 0 ? (
          <p class="empty">No study days yet: your first lesson starts the count.</p>
        ) : (
          <p>
            <strong class="big-number">{formatNumber(state.data.data.days)}</strong> {state.data.data.days === 1 ? 'day' : 'days'} with a
            lesson or review, from {formatDay(state.data.data.first_studied_on!)} to {formatDay(state.data.data.last_studied_on!)}.
          </p>
        ))}
    </section>
  );
}

/** Statistics: the heat map (month or year, up to 120 periods back), review stats for every period, days studied. */
export default function Statistics() {
  return (
    <section>
      <h1>Statistics</h1>
      <DaysStudied />
      <HeatMap />
      <ReviewStats />
    </section>
  );
}
