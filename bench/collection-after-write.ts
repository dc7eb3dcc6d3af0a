import { benchEngines, machine, startBenchServer } from './lib/harness.js';
import { bulkWriter } from './lib/bulk-writer.js';
import { syncsAfterWrites } from './lib/sync-after-write.js';

/**
 * The sync users actually wait for: the first full sync after the learner changed something.
 * A bulk learner holding every subject (an assignment and a review statistic each) and
 * `STUDY_MATERIALS` study materials; each round the learner answers one review and changes one
 * study material through the API (every page kept under the old change stamp is then stale, and
 * one assignment and one statistic changed), then syncs assignments, review statistics and study
 * materials in full: after the write, kept, cold and the limit (bench/lib/sync-after-write.ts).
 * `BENCH_ROUNDS` (default 7) rounds; `BENCH_ENGINES` as every bench; `BENCH_PROFILE=<dir>` for a CPU profile.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const STUDY_MATERIALS = 600;

console.log(`Machine: ${machine()}`);
for (const engine of benchEngines()) {
  const server = await startBenchServer(engine);
  const { learner: holder, headers, json, started, materials } = await bulkWriter(server, STUDY_MATERIALS);
  let writes = 0;
  /** One review and one study material change through the API: what a learner does between syncs. */
  const write = async (): Promise<void> => {
    const item = started[writes]!;
    const review = await server.app.inject({
      method: 'POST',
      url: '/api/v1/reviews',
      headers: json,
      payload: { assignment_id: item.id, incorrect_meaning_answers: writes % 2, incorrect_reading_answers: 0 },
    });
    const material = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/study_materials/${materials[writes % materials.length]}`,
      headers: json,
      payload: { meaning_note: `note after write ${writes}` },
    });
    if (review.statusCode !== 201 || material.statusCode !== 200) throw new Error(`write answered ${review.body}, ${material.body}`);
    writes += 1;
  };

  await syncsAfterWrites(server, holder.userId, headers, write, ROUNDS, 'bulk learner holding every subject');
  await server.close();
}
