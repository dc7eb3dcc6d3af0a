import { useEffect, useState } from 'preact/hooks';
import type { DashboardReport } from '../../../client/src/index.js';
import { api, errorText } from '../api.js';
import { OfflineStatus } from '../components/OfflineStatus.js';
import { useUser } from '../session.js';

/** Home: what waits now, with the way into lessons and reviews (one GET /dashboard). */
export default function Home() {
  const user = useUser();
  const [dashboard, setDashboard] = useState<DashboardReport['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    api
      .GET('/dashboard')
      .then(({ data, error: failed }) => (data ? setDashboard(data.data) : setError(errorText(failed))))
      .catch(() => setError('The server cannot be reached.'));
  }, []);

  return (
    <section>
      <h1>
        Welcome, {user.username} <span class="level-badge">Level {user.level}</span>
      </h1>
      {error && (
        <p role="alert" class="notice warn">
          {error}
        </p>
      )}
      {dashboard === null && error === null && <p role="status">Loading…</p>}
      {dashboard && dashboard.vacation.started_at !== null && (
        <p class="notice">
          You are on vacation ({dashboard.vacation.days_away} {dashboard.vacation.days_away === 1 ? 'day' : 'days'} so far): lessons and
          reviews wait until you are back.
        </p>
      )}
      {dashboard && (
        <div class="study-cards">
          <a class="study-card lessons" href="/lessons" aria-label={`Lessons: ${dashboard.lessons.available} available`}>
            <span class="count">{dashboard.lessons.available}</span>
            <span class="label">Lessons</span>
            <span class="detail">
              {dashboard.lesson_allowance.started_today} of {dashboard.lesson_allowance.max} started today
            </span>
          </a>
          <a class="study-card reviews" href="/reviews" aria-label={`Reviews: ${dashboard.reviews.available} available`}>
            <span class="count">{dashboard.reviews.available}</span>
            <span class="label">Reviews</span>
            <span class="detail">{dashboard.reviews.available === 0 ? 'Nothing due now' : 'Due now'}</span>
          </a>
        </div>
      )}
      <OfflineStatus />
    </section>
  );
}
