import { compareRanked, normalizeQuery, rankTerm, searchVariants, type RankedSubject } from '../domain/search.js';
import type { SubjectType } from '../domain/subjects.js';
import { subjectsData, termsContaining } from '../db/repositories/search.js';
import type { Deps } from './deps.js';

export interface SearchHit {
  id: number;
  object: SubjectType;
  level: number;
  characters: string | null;
  slug: string;
  meanings: string[];
  reading: string;
}

interface StoredData {
  level: number;
  characters: string | null;
  slug: string;
  meanings: { meaning: string; primary: boolean }[];
  readings?: { reading: string; primary: boolean }[];
}

function hitOf(id: number, object: SubjectType, data: StoredData): SearchHit {
  const primaryFirst = [...data.meanings].sort((a, b) => Number(b.primary) - Number(a.primary));
  const reading = data.readings?.find((r) => r.primary)?.reading ?? (object === 'kana_vocabulary' ? (data.characters ?? '') : '');
  return {
    id,
    object,
    level: data.level,
    characters: data.characters,
    slug: data.slug,
    meanings: primaryFirst.map((m) => m.meaning),
    reading,
  };
}

/** Subject search over characters, meanings, readings and slug; hidden subjects never appear. */
export async function searchSubjects(deps: Deps, rawQuery: string, limit: number): Promise<{ totalCount: number; hits: SearchHit[] }> {
  const variants = searchVariants(normalizeQuery(rawQuery));
  const best = new Map<number, RankedSubject>();
  for (const match of await termsContaining(deps.db.kysely, variants)) {
    const rank = rankTerm(match.term, variants);
    if (rank === null) continue;
    const known = best.get(match.subjectId);
    if (known === undefined || rank < known.rank) best.set(match.subjectId, { id: match.subjectId, level: match.level, rank });
  }
  const ranked = [...best.values()].sort(compareRanked).slice(0, limit);
  const rows = new Map(
    (
      await subjectsData(
        deps.db.kysely,
        ranked.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const hits = ranked.flatMap((r) => {
    const row = rows.get(r.id);
    return row ? [hitOf(row.id, row.object as SubjectType, JSON.parse(row.data) as StoredData)] : [];
  });
  return { totalCount: best.size, hits };
}
