import { PERIODS, type Period } from '../../../client/src/index.js';
import { formatDay, formatNumber, formatPercent, PERIOD_LABEL, PREVIOUS_PERIOD_LABEL, plural, weekdayOf } from '../format.js';
import type { Dashboard } from './types.js';

export function StudyStreak({ dashboard }: { dashboard: Dashboard }) {
  const s = dashboard.study_streak;
  const today = Date.parse(`${s.today}T00:00:00Z`);
  const days = s.recent_days.map((studied, i) => {
    const day = new Date(today - (s.recent_days.length - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, studied };
  });
  return (
    <>
      <p class="big-number">
        {plural(s.current, 'day')} <span class="hint">best {plural(s.best, 'day')}</span>
      </p>
      <ol class="streak-days" aria-label="The last 14 days">
        {days.map((d) => (
          <li key={d.day} class={d.studied ? 'studied' : 'missed'} title={formatDay(d.day)}>
            <span class="visually-hidden">
              {formatDay(d.day)}: {d.studied ? 'studied' : 'not studied'}
            </span>
            <span aria-hidden="true">{weekdayOf(d.day).slice(0, 2)}</span>
          </li>
        ))}
      </ol>
      <p>
        {s.studied_today ? 'You studied today.' : 'Not studied yet today.'} {plural(s.offerings, 'missed day')} still forgiven this week.
      </p>
      <p class="hint">Studied on {plural(dashboard.days_studied.days, 'day')} in all.</p>
    </>
  );
}

type Comparison = Dashboard['correct_percentage'];

function PeriodPicker({
  id,
  value,
  periods,
  onChange,
}: {
  id: string;
  value: Period;
  periods: readonly Period[];
  onChange: (p: Period) => void;
}) {
  return (
    <label class="period-picker">
      <span class="visually-hidden">Period</span>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value as Period)}>
        {periods.map((p) => (
          <option key={p} value={p}>
            {PERIOD_LABEL[p]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Up 5 points from", "Down 3 from", "The same as": the current value against the previous window's. */
function change(current: number | null, previous: number | null, unit: string): string {
  if (current === null || previous === null) return '';
  const diff = current - previous;
  if (diff === 0) return 'The same as';
  return `${diff > 0 ? 'Up' : 'Down'} ${formatNumber(Math.abs(diff))}${unit} from`;
}

export function CorrectPercentage({ data, onPeriod }: { data: Comparison; onPeriod: (p: Period) => void }) {
  const { current, previous, period } = data;
  const versus = change(current.percentage, previous.percentage, ' points');
  return (
    <>
      <PeriodPicker id="correct-period" value={period} periods={PERIODS.filter((p) => p !== 'all_time')} onChange={onPeriod} />
      <p class="big-number" aria-label={`${formatPercent(current.percentage)} correct`}>
        {formatPercent(current.percentage)}
      </p>
      <p>
        {current.reviews === 0
          ? 'No reviews in this period.'
          : `${formatNumber(current.correct)} of ${plural(current.reviews, 'review')} right first time.`}{' '}
        {versus && PREVIOUS_PERIOD_LABEL[period]
          ? `${versus} ${PREVIOUS_PERIOD_LABEL[period]} (${formatPercent(previous.percentage)}).`
          : ''}
      </p>
    </>
  );
}

export function ReviewsCompleted({ data, onPeriod }: { data: Comparison; onPeriod: (p: Period) => void }) {
  const { current, previous, period } = data;
  const versus = change(current.reviews, previous.reviews, '');
  return (
    <>
      <PeriodPicker id="completed-period" value={period} periods={PERIODS} onChange={onPeriod} />
      <p class="big-number">{formatNumber(current.reviews)}</p>
      <p>
        {plural(current.reviews, 'review')} completed.{' '}
        {period !== 'all_time' && versus ? `${versus} ${PREVIOUS_PERIOD_LABEL[period]} (${formatNumber(previous.reviews)}).` : ''}
      </p>
    </>
  );
}
