import { ForecastChart, type ForecastDay } from '../components/charts.js';
import { dayInZone, formatNumber, weekdayOf } from '../format.js';
import type { Dashboard } from './types.js';

const DAY_MS = 86_400_000;

/** The forecast's hourly arrivals summed per day of the learner's calendar, today first, 7 days. */
export function forecastDays(dashboard: Dashboard, zone: string, now = Date.now()): ForecastDay[] {
  const days: ForecastDay[] = [];
  for (let i = 0; i < 7; i += 1) {
    const day = dayInZone(new Date(now + i * DAY_MS).toISOString(), zone);
    if (!days.some((d) => d.day === day)) days.push({ day, label: i === 0 ? 'Today' : weekdayOf(day), count: 0, cumulative: 0 });
  }
  let running = dashboard.reviews.available;
  for (const entry of dashboard.forecast) {
    const target = days.find((d) => d.day === dayInZone(entry.available_at, zone));
    if (target) target.count += entry.count;
  }
  for (const day of days) {
    const last = dashboard.forecast.filter((e) => dayInZone(e.available_at, zone) <= day.day).at(-1);
    running = last ? last.cumulative : running;
    day.cumulative = running;
  }
  return days;
}

export function Forecast({ dashboard, zone }: { dashboard: Dashboard; zone: string }) {
  const days = forecastDays(dashboard, zone);
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <>
      {total === 0 ? (
        <p class="empty">No reviews are scheduled in the next 7 days{dashboard.vacation.started_at ? ' (you are on vacation)' : ''}.</p>
      ) : (
        <ForecastChart days={days} />
      )}
      <table class="forecast-table">
        <caption class="visually-hidden">Reviews arriving per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">New</th>
            <th scope="col">Total waiting</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <th scope="row">{d.label}</th>
              <td>{formatNumber(d.count)}</td>
              <td>{formatNumber(d.cumulative)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
