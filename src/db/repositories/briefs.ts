import type { SubjectType } from '../../domain/subjects.js';
import type { Executor } from '../transaction.js';
import { chunks } from '../../shared/chunks.js';
import type { SubjectBrief } from '../../domain/model/subjects.js';

/** The columns a brief is made of. */
export const BRIEF_COLUMNS = ['id', 'object', 'slug', 'level', 'characters', 'meanings'] as const;

interface BriefRow {
  id: number;
  object: string;
  slug: string;
  level: number;
  characters: string | null;
  meanings: string;
}

/** A brief from a subject row (its own columns: the whole body is not parsed). */
export function briefOf(row: BriefRow): SubjectBrief {
  const meanings = JSON.parse(row.meanings) as { meaning: string; primary: boolean; accepted_answer: boolean }[];
  return {
    id: row.id,
    object: row.object as SubjectType,
    slug: row.slug,
    level: row.level,
    characters: row.characters,
    meanings: meanings.map((m) => ({ meaning: m.meaning, primary: m.primary, acceptedAnswer: m.accepted_answer })),
  };
}

/** Briefs of the given subjects, by id (unknown ids are absent). */
export async function subjectBriefs(db: Executor, ids: readonly number[]): Promise<Map<number, SubjectBrief>> {
  const briefs = new Map<number, SubjectBrief>();
  for (const part of chunks([...new Set(ids)], 500)) {
    const rows = await db.selectFrom('subjects').select(BRIEF_COLUMNS).where('id', 'in', part).execute();
    for (const row of rows) briefs.set(row.id, briefOf(row));
  }
  return briefs;
}

/** Briefs of every subject, by id. */
export async function allSubjectBriefs(db: Executor): Promise<Map<number, SubjectBrief>> {
  const rows = await db.selectFrom('subjects').select(BRIEF_COLUMNS).execute();
  return new Map(rows.map((row) => [row.id, briefOf(row)]));
}
