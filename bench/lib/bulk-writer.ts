import type { BenchServer } from './harness.js';
import { assignEverySubject, createLearners, loadBundledContent, seedReviewStatistics, settle, type BenchLearner } from './seed.js';

/** The bulk learner who writes between syncs (bench/collection-after-write.ts, bench/carried-write-cost.ts). */
export interface BulkWriter {
  readonly learner: BenchLearner;
  readonly headers: Record<string, string>;
  /** `headers` with a JSON body's content type, for writes. */
  readonly json: Record<string, string>;
  /** Its started, unburned assignments (the bulk seed makes each due): each may be reviewed once now. */
  readonly started: readonly { readonly id: number; readonly subject_id: number }[];
  /** The ids of its study materials, one on each of the first `started` subjects. */
  readonly materials: readonly number[];
}

/**
 * On the bundled curriculum, a learner holding every subject (an assignment and a review statistic
 * each, bulk-seeded) with `studyMaterials` study materials created through the API.
 */
export async function bulkWriter(server: BenchServer, studyMaterials: number): Promise<BulkWriter> {
  await loadBundledContent(server.deps);
  const [learner] = await createLearners(server.deps, 1, 'holder');
  await assignEverySubject(server.deps, learner!.userId);
  await seedReviewStatistics(server.deps, learner!.userId);
  const headers = { authorization: `Bearer ${learner!.token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  const started = await server.deps.db.kysely
    .selectFrom('assignments')
    .select(['id', 'subject_id'])
    .where('user_id', '=', learner!.userId)
    .where('started_at', 'is not', null)
    .where('srs_stage', '<', 9)
    .orderBy('id')
    .execute();
  const materials: number[] = [];
  for (const a of started.slice(0, studyMaterials)) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/study_materials',
      headers: json,
      payload: { subject_id: a.subject_id, meaning_note: 'a note', meaning_synonyms: ['a synonym'] },
    });
    materials.push((res.json() as { id: number }).id);
  }
  await settle(server.deps);
  return { learner: learner!, headers, json, started, materials };
}
