// Gives planned subjects their ids from the append-only map, resolves the links
// between them, and carries withdrawn subjects forward with hidden_at set.
import type { Planned } from './common.js';
import { extendIdMap, mapKey, type IdMapRow } from './id-map.js';
import { RELEASE_DATE } from './manifest.js';
import type { AnyData, CommonData, SubjectResource, SubjectType } from './types.js';
import { TYPE_ORDER } from './types.js';

const COMPONENT_TYPE: Readonly<Record<SubjectType, SubjectType | null>> = {
  radical: null,
  kanji: 'radical',
  vocabulary: 'kanji',
  kana_vocabulary: null,
};

export interface Assembled {
  readonly subjects: SubjectResource[];
  readonly idMap: IdMapRow[];
  readonly withdrawn: number;
}

/** Sort for first-time id assignment: type, then level, then lesson position. */
function curriculumOrder(a: Planned, b: Planned): number {
  return (
    TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
    a.data.level - b.data.level ||
    a.data.lesson_position - b.data.lesson_position
  );
}

export function assemble(
  planned: readonly Planned[],
  existing: readonly IdMapRow[],
  previous: ReadonlyMap<number, SubjectResource>,
): Assembled {
  const ordered = [...planned].sort(curriculumOrder);
  const idMap = extendIdMap(
    existing,
    ordered.map((p) => ({ type: p.type, key: p.key })),
  );
  const idOf = new Map(idMap.map((r) => [mapKey(r.type, r.key), r.id]));
  const id = (type: SubjectType, key: string): number => {
    const found = idOf.get(mapKey(type, key));
    if (found === undefined) throw new Error(`no id for ${type} ${key}`);
    return found;
  };

  const resources = new Map<number, { type: SubjectType; data: AnyData }>();
  for (const p of ordered) {
    const ctype = COMPONENT_TYPE[p.type];
    const sid = id(p.type, p.key);
    const data = {
      ...p.data,
      // A subject keeps the date it first appeared; only new subjects carry this release's date.
      created_at: previous.get(sid)?.data.created_at ?? p.data.created_at,
      component_subject_ids: ctype ? [...new Set(p.componentKeys.map((k) => id(ctype, k)))] : [],
      visually_similar_subject_ids: [...new Set(p.similarKeys.map((k) => id('kanji', k)))].sort((a, b) => a - b),
      amalgamation_subject_ids: [] as number[],
    } as AnyData;
    resources.set(sid, { type: p.type, data });
  }
  // Amalgamations are the exact inverse of components.
  for (const [sid, r] of [...resources].sort((a, b) => a[0] - b[0])) {
    for (const c of r.data.component_subject_ids) resources.get(c)?.data.amalgamation_subject_ids.push(sid);
  }

  let withdrawn = 0;
  for (const row of idMap) {
    if (resources.has(row.id)) continue;
    const old = previous.get(row.id);
    if (!old || old.object !== row.type) {
      throw new Error(
        `id ${row.id} (${row.type} ${row.key}) is in id-map.tsv but neither built nor in the previous subjects file; cannot emit it as withdrawn`,
      );
    }
    withdrawn++;
    // A withdrawn subject keeps its content but drops its links, so the live graph stays consistent.
    const data: CommonData = {
      ...old.data,
      hidden_at: old.data.hidden_at ?? RELEASE_DATE,
      component_subject_ids: [],
      amalgamation_subject_ids: [],
      visually_similar_subject_ids: [],
    };
    resources.set(row.id, { type: row.type, data: data as AnyData });
  }

  const subjects = [...resources]
    .sort((a, b) => a[0] - b[0])
    .map(([sid, r]) => ({ id: sid, object: r.type, data: r.data }) as SubjectResource);
  return { subjects, idMap, withdrawn };
}
