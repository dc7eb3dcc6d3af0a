import { benchEngines, machine, startBenchServer } from './lib/harness.js';
import { assignEverySubject, createLearners, loadBundledContent, seedReviewStatistics, settle } from './lib/seed.js';
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
  await loadBundledContent(server.deps);
  const [holder] = await createLearners(server.deps, 1, 'holder');
  await assignEverySubject(server.deps, holder!.userId);
  await seedReviewStatistics(server.deps, holder!.userId);
  const headers = { authorization: `Bearer ${holder!.token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  // Started and unburned: each may be reviewed once now (the bulk seed makes every such item due).
  const started = await server.deps.db.kysely
    .selectFrom('assignments')
    .select(['id', 'subject_id'])
    .where('user_id', '=', holder!.userId)
    .where('started_at', 'is not', null)
    .where('srs_stage', '<', 9)
    .orderBy('id')
    .execute();
  const materials: number[] = [];
  for (const a of started.slice(0, STUDY_MATERIALS)) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/study_materials',
      headers: json,
      payload: { subject_id: a.subject_id, meaning_note: 'a note', meaning_synonyms: ['a synonym'] },
    });
    materials.push((res.json() as { id: number }).id);
  }
  await settle(server.deps);
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

  await syncsAfterWrites(server, holder!.userId, headers, write, ROUNDS, 'bulk learner holding every subject');
  await server.close();
}
