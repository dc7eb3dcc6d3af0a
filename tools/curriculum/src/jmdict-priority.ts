// Priority table from FreeDict's JMdict conversion (2016-02-26). The text of that
// file is messy (IPA next to each form), so only its headword lines are parsed:
// each entry starts with a line of "[tags] form /ipa/" segments joined by ", ".
import { gzipLines, isAllKana } from './text.js';

export interface Priority {
  /** JMdict nfXX band (1 = 500 most frequent newspaper words); null when absent. */
  readonly nf: number | null;
  readonly tags: readonly string[];
}

export interface PriorityTable {
  /**
   * Rank (see priorityRank) by `${kanjiForm}\t${reading}` for forms of one entry, or
   * `\t${reading}` for entries without kanji forms. Only the rank is kept, to stay small.
   */
  readonly pairs: ReadonlyMap<string, number>;
}

const SEGMENT = /\s*((?:\[[a-z0-9]+\]\s*)*)(?:\([^)]*\)\s*)?([^\s/,[\]()]+) \/[^/]*\//y;

interface Form {
  readonly text: string;
  readonly tags: string[];
}

/** Parses a headword line into its forms, or null when the line is not a headword line. */
export function parseHeadwordLine(line: string): Form[] | null {
  const forms: Form[] = [];
  SEGMENT.lastIndex = 0;
  let pos = 0;
  while (pos < line.length) {
    SEGMENT.lastIndex = pos;
    const m = SEGMENT.exec(line);
    if (!m || m[2] === undefined) return null;
    const tags = [...(m[1] ?? '').matchAll(/\[([a-z0-9]+)\]/g)].map((t) => t[1] ?? '');
    forms.push({ text: m[2], tags });
    pos = SEGMENT.lastIndex;
    if (line.startsWith(',', pos)) pos += 1;
    else if (line.slice(pos).trim() === '') break;
    else return null;
  }
  return forms.length > 0 ? forms : null;
}

function merge(tags: readonly string[]): Priority {
  const nfTag = tags.find((t) => /^nf\d\d$/.test(t));
  return { nf: nfTag ? Number(nfTag.slice(2)) : null, tags: [...new Set(tags)].sort() };
}

/** Lower is better: the rank the vocabulary selection sorts by. */
export function priorityRank(p: Priority | undefined): number {
  if (!p) return 60;
  let rank = p.nf ?? 36;
  if (p.tags.includes('ichi1')) rank -= 10;
  if (p.tags.includes('spec1') || p.tags.includes('gai1')) rank -= 5;
  if (p.tags.includes('news1')) rank -= 2;
  if (p.tags.includes('spec2') || p.tags.includes('ichi2') || p.tags.includes('news2') || p.tags.includes('gai2')) rank -= 1;
  return rank;
}

export async function readPriorityTable(path: string): Promise<PriorityTable> {
  const pairs = new Map<string, number>();
  const put = (key: string, p: Priority, penalty = 0): void => {
    const rank = priorityRank(p) + penalty;
    const old = pairs.get(key);
    if (old === undefined || rank < old) pairs.set(key, rank);
  };
  let body = false;
  for await (const line of gzipLines(path)) {
    // Skip the dictd header block, which ends at the first "====" rule pair.
    if (!body) {
      if (line.startsWith('Japanese-English FreeDict Dictionary ver.')) body = true;
      continue;
    }
    if (!line.includes(' /') || !line.endsWith('/')) continue;
    const forms = parseHeadwordLine(line);
    if (!forms) continue;
    const kanaForms = forms.filter((f) => isAllKana(f.text));
    const kanjiForms = forms.filter((f) => !isAllKana(f.text));
    for (const r of kanaForms) {
      if (kanjiForms.length === 0) {
        put(`\t${r.text}`, merge(r.tags));
      }
      for (const k of kanjiForms) {
        // A kanji form's own tags rank the written word; the reading's tags say
        // which reading of it is the common one.
        // The written form's own tags rank the pair: a reading's tags may belong to
        // another spelling in the entry (もと's nf05 is 元's, not 本's). A reading
        // without tags, where the entry tags another reading, ranks a little lower.
        const untagged = r.tags.length === 0 && kanaForms.some((x) => x.tags.length > 0) ? 3 : 0;
        put(`${k.text}\t${r.text}`, merge(k.tags), untagged);
      }
    }
  }
  return { pairs };
}
