import type { DatabaseEngine } from '../../src/config/index.js';
import { HOUR_MS } from '../../src/shared/time.js';
import { load1, printRow, type SettableClock } from './harness.js';

/** A learner's write before the reads: one review of a due item, or one lesson started. */
export type FirstWrite = 'review' | 'lesson';

const ROUNDS = Number(process.env.BENCH_AFTER_WRITE_ROUNDS ?? 40);

function percentile(sorted: readonly number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10;
}

async function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

/** The ids of the learner's assignments a filter of GET /assignments lists (the first page is enough). */
async function assignmentIds(url: string, headers: Record<string, string>, filter: string): Promise<number[]> {
  const res = await fetch(`${url}/api/v1/assignments?${filter}`, { headers });
  const body = (await res.json()) as { data: { id: number }[] };
  return body.data.map((a) => a.id);
}

/**
 * What a learner does after studying: one write through the API (a review, or a lesson started),
 * then GET /dashboard and GET /item_spread once each, the first requests after the learner's change
 * stamp moved, with the memos on. Repeated `ROUNDS` times (BENCH_AFTER_WRITE_ROUNDS); the clock moves
 * an hour whenever nothing is left to review or learn. Prints each read's p50 and p99 (wall time
 * over loopback, the server in this process) and the process's CPU per round of two reads.
 */
export async function readsAfterWrites(
  url: string,
  token: string,
  clock: SettableClock,
  engine: DatabaseEngine,
  learner: string,
  write: FirstWrite,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const filter = write === 'review' ? 'immediately_available_for_review' : 'immediately_available_for_lessons';
  // The routes' first requests compile them (the JIT, prepared statements): a running server paid that already.
  for (let i = 0; i < 5; i += 1) for (const path of ['/api/v1/dashboard', '/api/v1/item_spread']) await timedGet(`${url}${path}`, headers);
  const dashboard: number[] = [];
  const spread: number[] = [];
  let cpuMicros = 0;
  let waiting: number[] = [];
  rounds: for (let round = 0; round < ROUNDS; round += 1) {
    for (let hours = 0; waiting.length === 0; hours += 1) {
      if (hours > 48) {
        console.log(`${learner}: nothing to ${write} in two days, after ${round} rounds`);
        break rounds;
      }
      if (hours > 0) clock.set(clock.now() + HOUR_MS);
      waiting = await assignmentIds(url, headers, filter);
    }
    const id = waiting.shift()!;
    const res =
      write === 'review'
        ? await fetch(`${url}/api/v1/reviews`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ assignment_id: id, incorrect_meaning_answers: round % 5 === 0 ? 1 : 0, incorrect_reading_answers: 0 }),
          })
        : await fetch(`${url}/api/v1/assignments/${id}/start`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            body: '{}',
          });
    await res.arrayBuffer();
    if (res.status !== 200 && res.status !== 201) throw new Error(`${write} of ${id} answered ${res.status}`);
    const cpu = process.cpuUsage();
    dashboard.push(await timedGet(`${url}/api/v1/dashboard`, headers));
    spread.push(await timedGet(`${url}/api/v1/item_spread`, headers));
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  dashboard.sort((a, b) => a - b);
  spread.sort((a, b) => a - b);
  if (dashboard.length === 0) return;
  printRow(`after one ${write} each time, ${learner}, ${dashboard.length} rounds`, engine, {
    'GET /dashboard p50 / p99 ms': `${percentile(dashboard, 0.5)} / ${percentile(dashboard, 0.99)}`,
    'GET /item_spread p50 / p99 ms': `${percentile(spread, 0.5)} / ${percentile(spread, 0.99)}`,
    'CPU ms a round (both reads, server and client)': Math.round(cpuMicros / dashboard.length / 100) / 10,
    load: load1(),
  });
}
