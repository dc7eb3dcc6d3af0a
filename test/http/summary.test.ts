import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0 } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { assignmentOf, review, start } from '../support/study.js';

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR0 = Math.floor(T0 / HOUR_MS) * HOUR_MS;

describeEachEngine('GET /summary', (t) => {
  it('lists lessons now and 24 hourly review buckets, overdue items in the first', async () => {
    const app = t();
    await seedSubjects(app.deps, [
      radical(1, 1, { srsId: 1 }),
      radical(2, 1, { srsId: 1 }),
      radical(3, 1, { srsId: 1 }),
      radical(4, 1),
      radical(5, 2),
    ]);
    const { token } = await createLearner(app.deps);
    const a1 = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id; // due 14:00
    const a2 = (await start(app, token, (await assignmentOf(app, token, 2))!.id)).id;
    await review(app, token, a2); // stage 2: due 18:00
    await start(app, token, (await assignmentOf(app, token, 3))!.id);
    app.clock.advance(5 * HOUR_MS); // 15:30: item 1 and 3 are overdue
    const res = await app.get('/api/v1/summary', token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const hour = HOUR0 + 5 * HOUR_MS;
    expect(body.object).toBe('report');
    expect(body.data.lessons).toEqual([{ available_at: iso(hour), subject_ids: [4] }]);
    expect(body.data.reviews).toHaveLength(24);
    expect(body.data.reviews[0]).toEqual({ available_at: iso(hour), subject_ids: [1, 3] });
    expect(body.data.reviews[3]).toEqual({ available_at: iso(hour + 3 * HOUR_MS), subject_ids: [2] });
    expect(body.data.reviews[23].available_at).toBe(iso(hour + 23 * HOUR_MS));
    expect(body.data.next_reviews_at).toBe(iso(hour));
    expect(a1).toBeGreaterThan(0);
  });

  it('reports the next arrival beyond the window, and null when nothing is scheduled', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1, { srsId: 1 })]);
    const { token } = await createLearner(app.deps);
    expect((await app.get('/api/v1/summary', token)).json().data.next_reviews_at).toBeNull();
    const a = (await start(app, token, (await assignmentOf(app, token, 1))!.id)).id;
    for (let i = 0; i < 4; i += 1) await review(app, token, a); // stage 5: 167 hours away
    const body = (await app.get('/api/v1/summary', token)).json();
    expect(body.data.reviews.every((b: { subject_ids: number[] }) => b.subject_ids.length === 0)).toBe(true);
    expect(body.data.next_reviews_at).toBe(iso(HOUR0 + 167 * HOUR_MS));
  });

  it('is not shrunk by the daily lesson cap and answers conditional requests', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token } = await createLearner(app.deps);
    await app.put('/api/v1/user', token, { preferences: { max_daily_lessons: 0 } });
    const res = await app.get('/api/v1/summary', token);
    expect(res.json().data.lessons[0].subject_ids).toEqual([1, 2]);
    expect((await app.get('/api/v1/assignments?immediately_available_for_lessons', token)).json().total_count).toBe(2);
    const again = await app.get('/api/v1/summary', token, { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    app.clock.advance(HOUR_MS);
    expect((await app.get('/api/v1/summary', token, { 'if-none-match': res.headers.etag as string })).statusCode).toBe(200);
  });
});
