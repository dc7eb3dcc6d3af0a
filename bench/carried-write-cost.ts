import { moveLearnerStamps } from '../src/db/learner-writes.js';
import { CarriedPages } from '../src/http/carried-pages.js';
import { benchEngines, load1, machine, startBenchServer } from './lib/harness.js';
import { bulkWriter } from './lib/bulk-writer.js';

/**
 * What carrying a learner's own write into its kept pages (src/http/carried-pages.ts) adds to the
 * write: the bulk learner of bench/collection-after-write.ts (every subject assigned, with a
 * statistic each, and 600 study materials) times POST /reviews and PUT /study_materials/:id in
 * process (app.inject), with its every full page kept at the state the write starts from (a full
 * sync of its three collections just before: every page carried) and without (the learner's stamp
 * moved outside the use cases just before, as a write elsewhere would: the pages kept are of an
 * older state, nothing carried). The two kinds alternate, round by round,
 * so both see the same database and process, and the carry itself (CarriedPages.carry, timed
 * around each call: the part of the write it is). `BENCH_ROUNDS` (default 100) rounds; medians.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const STUDY_MATERIALS = 600;
const COLLECTIONS = ['/api/v1/assignments', '/api/v1/review_statistics', '/api/v1/study_materials'];

/** The time of each call of CarriedPages.carry since the last look (ms). */
let carries: number[] = [];
const carry = CarriedPages.prototype.carry;
CarriedPages.prototype.carry = function (this: CarriedPages, ...args: Parameters<typeof carry>) {
  const at = performance.now();
  carry.apply(this, args);
  carries.push(performance.now() - at);
};

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  const { learner: holder, headers, json, started, materials } = await bulkWriter(server, STUDY_MATERIALS);
  /** A full sync of the three collections, following `next_url`: every page kept at the learner's state now. */
  const sync = async (): Promise<void> => {
    for (const first of COLLECTIONS) {
      for (let next: string | null = first; next !== null;) {
        const body = (await server.app.inject({ method: 'GET', url: next, headers })).json() as { pages: { next_url: string | null } };
        next = body.pages.next_url === null ? null : `${new URL(body.pages.next_url).pathname}${new URL(body.pages.next_url).search}`;
      }
    }
  };
  const times = { held: { review: [] as number[], put: [] as number[] }, none: { review: [] as number[], put: [] as number[] } };
  const carried = { held: { review: [] as number[], put: [] as number[] }, none: { review: [] as number[], put: [] as number[] } };
  let writes = 0;
  // A first round of each kind unmeasured: the routes and statements compile.
  for (let round = -1; round < ROUNDS; round += 1) {
    for (const kind of ['held', 'none'] as const) {
      if (kind === 'held') await sync();
      else await moveLearnerStamps(server.deps.db, [holder.userId]);
      const item = started[writes % started.length]!;
      carries = [];
      let at = performance.now();
      const review = await server.app.inject({
        method: 'POST',
        url: '/api/v1/reviews',
        headers: json,
        payload: { assignment_id: item.id, incorrect_meaning_answers: writes % 2, incorrect_reading_answers: 0 },
      });
      const reviewMs = performance.now() - at;
      const reviewCarry = carries.reduce((sum, ms) => sum + ms, 0);
      // Kept at the review's state only when the pages were: synced again between the two writes.
      if (kind === 'held') await sync();
      carries = [];
      at = performance.now();
      const material = await server.app.inject({
        method: 'PUT',
        url: `/api/v1/study_materials/${materials[writes % materials.length]}`,
        headers: json,
        payload: { meaning_note: `note after write ${writes}` },
      });
      const putMs = performance.now() - at;
      const putCarry = carries.reduce((sum, ms) => sum + ms, 0);
      if (review.statusCode !== 201 || material.statusCode !== 200) throw new Error(`write answered ${review.body}, ${material.body}`);
      writes += 1;
      if (round < 0) continue;
      times[kind].review.push(reviewMs);
      times[kind].put.push(putMs);
      carried[kind].review.push(reviewCarry);
      carried[kind].put.push(putCarry);
    }
  }
  const cell = (values: readonly number[]) => `${median(values).toFixed(3)} ms`;
  console.log(
    `| ${engine} | POST /reviews: pages kept ${cell(times.held.review)} (carry ${cell(carried.held.review)}), none ${cell(times.none.review)} (carry ${cell(carried.none.review)}) | PUT /study_materials/:id: pages kept ${cell(times.held.put)} (carry ${cell(carried.held.put)}), none ${cell(times.none.put)} (carry ${cell(carried.none.put)}) | ${ROUNDS} rounds | load ${load1()} |`,
  );
  await server.close();
}
