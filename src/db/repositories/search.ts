import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { TermMatch } from '../../domain/model/subjects.js';

/** `%` and `_` in user text match themselves. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every search term of a non-hidden subject that contains one of the variants. */
export async function termsContaining(db: Executor, variants: readonly string[]): Promise<TermMatch[]> {
  if (variants.length === 0) return [];
  const rows = await db
    .selectFrom('subject_terms as t')
    .innerJoin('subjects as s', 's.id', 't.subject_id')
    .select(['t.subject_id', 's.level', 't.term'])
    .where('s.hidden_at', 'is', null)
    .where((eb) => eb.or(variants.map((v) => eb('t.term', 'like', `%${likeEscape(v)}%`))))
    .execute();
  return rows.map((r) => ({ subjectId: r.subject_id, level: r.level, term: r.term }));
}

export async function subjectsData(db: Executor, ids: readonly number[]): Promise<{ id: number; object: string; data: string }[]> {
  const out: { id: number; object: string; data: string }[] = [];
  for (const part of chunks(ids, 500)) {
    out.push(...(await db.selectFrom('subjects').select(['id', 'object', 'data']).where('id', 'in', part).execute()));
  }
  return out;
}
