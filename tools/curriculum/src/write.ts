// Output files. Everything written here is a pure function of the inputs, so a
// rebuild from the same inputs is byte-identical (gzip carries no timestamp).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { RELEASE_DATE } from './manifest.js';
import type { SubjectResource, SubjectType } from './types.js';
import { TYPE_ORDER } from './types.js';

export function encodeSubjects(subjects: readonly SubjectResource[]): Buffer {
  const text = subjects.map((s) => JSON.stringify(s)).join('\n') + '\n';
  return gzipSync(Buffer.from(text, 'utf8'), { level: 9 });
}

export function decodeSubjects(gz: Buffer): SubjectResource[] {
  return gunzipSync(gz)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as SubjectResource);
}

export function readPreviousSubjects(path: string): Map<number, SubjectResource> {
  if (!existsSync(path)) return new Map();
  return new Map(decodeSubjects(readFileSync(path)).map((s) => [s.id, s]));
}

/** Writes only when the bytes change, so an unchanged rebuild leaves mtimes alone. */
export function writeIfChanged(path: string, content: Buffer | string): boolean {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  if (existsSync(path) && readFileSync(path).equals(bytes)) return false;
  writeFileSync(path, bytes);
  return true;
}

export const FIXTURE_API_BASE = 'https://study-service.invalid/v2';

/** Levels 1–3 as one reference-style collection page; links are cut to ids inside the subset. */
export function fixturePage(subjects: readonly SubjectResource[], maxLevel: number): string {
  const subset = subjects.filter((s) => s.data.level <= maxLevel && s.data.hidden_at === null);
  const ids = new Set(subset.map((s) => s.id));
  const keep = (xs: number[]): number[] => xs.filter((x) => ids.has(x));
  const data = subset.map((s) => ({
    id: s.id,
    object: s.object,
    url: `${FIXTURE_API_BASE}/subjects/${s.id}`,
    data_updated_at: RELEASE_DATE,
    data: {
      ...s.data,
      component_subject_ids: keep(s.data.component_subject_ids),
      amalgamation_subject_ids: keep(s.data.amalgamation_subject_ids),
      visually_similar_subject_ids: keep(s.data.visually_similar_subject_ids),
    },
  }));
  const levels = Array.from({ length: maxLevel }, (_, i) => i + 1).join(',');
  const page = {
    object: 'collection',
    url: `${FIXTURE_API_BASE}/subjects?levels=${levels}`,
    pages: { per_page: 1000, next_url: null, previous_url: null },
    total_count: data.length,
    data_updated_at: RELEASE_DATE,
    data,
  };
  return JSON.stringify(page, null, 1) + '\n';
}

export type Counts = Map<number, Record<SubjectType, number>>;

export function countByLevel(subjects: readonly SubjectResource[]): Counts {
  const counts: Counts = new Map();
  for (const s of subjects) {
    if (s.data.hidden_at !== null) continue;
    const row = counts.get(s.data.level) ?? { radical: 0, kanji: 0, vocabulary: 0, kana_vocabulary: 0 };
    row[s.object]++;
    counts.set(s.data.level, row);
  }
  return counts;
}

/** Markdown table of counts per level plus totals, for content/README.md. */
export function countsTable(counts: Counts): string {
  const lines = ['| level | radicals | kanji | vocabulary | kana vocabulary | total |', '|---:|---:|---:|---:|---:|---:|'];
  const total: Record<SubjectType, number> = { radical: 0, kanji: 0, vocabulary: 0, kana_vocabulary: 0 };
  for (const level of [...counts.keys()].sort((a, b) => a - b)) {
    const row = counts.get(level)!;
    for (const t of TYPE_ORDER) total[t] += row[t];
    const sum = TYPE_ORDER.reduce((a, t) => a + row[t], 0);
    lines.push(`| ${level} | ${row.radical} | ${row.kanji} | ${row.vocabulary} | ${row.kana_vocabulary} | ${sum} |`);
  }
  const all = TYPE_ORDER.reduce((a, t) => a + total[t], 0);
  lines.push(
    `| **all** | **${total.radical}** | **${total.kanji}** | **${total.vocabulary}** | **${total.kana_vocabulary}** | **${all}** |`,
  );
  return lines.join('\n');
}

/** Replaces the text between two marker comments in a document. */
export function replaceBetween(doc: string, name: string, body: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  if (i === -1 || j === -1 || j < i) throw new Error(`content/README.md lacks the ${start} … ${end} markers`);
  return `${doc.slice(0, i + start.length)}\n${body}\n${doc.slice(j)}`;
}
