import { expect, it } from 'vitest';
import { HOUR_MS } from '../../src/shared/time.js';
import { describeEachEngine, T0, type TestApp } from '../support/app.js';
import { createLearner, radical, seedSubjects } from '../support/factories.js';
import { start } from '../support/study.js';

const SUBJECTS = 40;
const MATERIALS = 10;
const WRITERS = 8;
/** Thousands of writes, so many land in one millisecond and the reader syncs between most of them. */
const WRITES = 2000;
const COLLECTIONS = ['assignments', 'review_statistics', 'study_materials'] as const;

interface Row {
  id: number;
  data_updated_at: string;
  data: unknown;
}

/** A sync client as the reference clients write one: rows merged by id, the watermark is the response's data_updated_at. */
class SyncingClient {
  readonly rows = new Map<string, Map<number, Row>>(COLLECTIONS.map((c) => [c, new Map()]));
  readonly watermarks = new Map<string, string | null>(COLLECTIONS.map((c) => [c, null]));
  cycles = 0;

  constructor(
    private readonly app: TestApp,
    private readonly token: string,
  ) {}

  async sync(): Promise<void> {
    for (const collection of COLLECTIONS) {
      const watermark = this.watermarks.get(collection);
      const query = watermark === null ? '' : `?updated_after=${encodeURIComponent(watermark!)}`;
      const res = await this.app.get(`/api/v1/${collection}${query}`, this.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.pages.next_url).toBeNull();
      for (const row of body.data as Row[]) this.rows.get(collection)!.set(row.id, row);
      if (body.data_updated_at !== null) this.watermarks.set(collection, body.data_updated_at);
    }
    this.cycles += 1;
  }
}

describeEachEngine('change stamps strictly increase per learner', (t) => {
  it('a client syncing by updated_after while writers run concurrently misses no change', async () => {
    const app = t();
    await seedSubjects(
      app.deps,
      Array.from({ length: SUBJECTS }, (_, i) => radical(i + 1, 1)),
    );
    const { token } = await createLearner(app.deps);
    const assignments = (await app.get('/api/v1/assignments', token)).json().data as Row[];
    expect(assignments).toHaveLength(SUBJECTS);
    for (const a of assignments) await start(app, token, a.id);
    const materialIds: number[] = [];
    for (let subjectId = 1; subjectId <= MATERIALS; subjectId += 1) {
      const res = await app.post('/api/v1/study_materials', token, { subject_id: subjectId, meaning_note: 'first' });
      expect(res.statusCode).toBe(201);
      materialIds.push(res.json().id);
    }

    const client = new SyncingClient(app, token);
    let sent = 0;
    let done = false;
    // Many writes land in one millisecond (the clock moves 0-2 ms per write), and once the wall
    // clock steps an hour back: stamps must still increase.
    const writer = async (w: number) => {
      while (sent < WRITES) {
        const n = sent++;
        app.clock.advance(n % 3);
        if (n === WRITES / 2) app.clock.advance(-HOUR_MS);
        const res =
          n % 5 === 0
            ? await app.put(`/api/v1/study_materials/${materialIds[n % MATERIALS]}`, token, { meaning_note: `note ${w}.${n}` })
            : await app.post('/api/v1/reviews', token, {
                assignment_id: assignments[n % SUBJECTS]!.id,
                incorrect_meaning_answers: 1,
                incorrect_reading_answers: 0,
              });
        expect(res.statusCode, res.body).toBeLessThan(300);
      }
    };
    const reader = async () => {
      while (!done) {
        await client.sync();
        // Yield to the event loop: on SQLite a sync can complete in microtasks alone.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const reading = reader();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    done = true;
    await reading;
    await client.sync();

    expect(client.cycles).toBeGreaterThan(3);
    for (const collection of COLLECTIONS) {
      const full = (await app.get(`/api/v1/${collection}`, token)).json().data as Row[];
      expect(full.length).toBeGreaterThan(0);
      const synced = client.rows.get(collection)!;
      const stale = full.filter((row) => JSON.stringify(synced.get(row.id)) !== JSON.stringify(row));
      expect(stale.map((row) => `${collection} ${row.id}`)).toEqual([]);
    }
  }, 300_000);

  it('stamps a write at least 1 ms after the previous one of the learner, even in the same millisecond', async () => {
    const app = t();
    await seedSubjects(app.deps, [radical(1, 1), radical(2, 1)]);
    const { token } = await createLearner(app.deps);
    const [first, second] = (await app.get('/api/v1/assignments', token)).json().data as Row[];
    const a = await start(app, token, first!.id);
    const b = await start(app, token, second!.id);
    expect(a.data.started_at).toBe(new Date(T0).toISOString());
    expect(b.data.started_at).toBe(new Date(T0).toISOString());
    expect(Date.parse(b.data_updated_at)).toBeGreaterThan(Date.parse(a.data_updated_at));
    const later = (await app.get(`/api/v1/assignments?updated_after=${a.data_updated_at}`, token)).json();
    expect(later.data.map((row: Row) => row.id)).toEqual([second!.id]);
  });
});
