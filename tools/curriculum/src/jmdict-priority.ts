// Priority table from FreeDict's JMdict conversion (2016-02-26). Only the headword line of each
// entry is read: "[tags] (notes) form /ipa/" segments joined by ", ", kanji forms first, then the
// readings; a reading may be restricted to some kanji forms ("(一人) (１人) いちにん"), and a form may
// carry notes in nested parentheses ("(ateji (phonetic) reading) 屹度"). Priority tags belong to the
// form they precede, so a written form's tags and a reading's tags are kept apart, with the order of
// both in the entry (JMdict lists the usual spelling and reading first).
import { gzipLines, isAllKana } from './text.js';

export interface Priority {
  /** JMdict nfXX band (1 = 500 most frequent newspaper words); null when absent. */
  readonly nf: number | null;
  readonly tags: readonly string[];
}

export interface Form {
  readonly text: string;
  readonly tags: readonly string[];
  /** Parenthesised notes before the form; for a reading, the kanji forms it is restricted to are among them. */
  readonly notes: readonly string[];
}

/** What the entry says about one written form with one reading. */
export interface PairInfo {
  /** The written form's own priority tags (for kana-only entries, the reading's). */
  readonly formTags: Priority;
  /** priorityRank of formTags. */
  readonly formRank: number;
  /** priorityRank of the reading's own tags. */
  readonly readingRank: number;
  /** 0 when the written form heads its entry. */
  readonly formIndex: number;
  /** Position of the reading among the readings that apply to this form. */
  readonly readingIndex: number;
  /** The form is marked irregular, ateji, rare or out-dated in the entry. */
  readonly irregular: boolean;
}

export interface PriorityTable {
  /** By `${kanjiForm}\t${reading}`, or `\t${reading}` for entries without kanji forms. */
  readonly pairs: ReadonlyMap<string, PairInfo>;
  /** Headword lines seen (recognised independently of the parser) and how many of them parsed. */
  readonly stats: { readonly headwordLines: number; readonly parsedLines: number };
}

/** A line that ends with a Japanese form and its IPA transcription: what every entry's first line looks like. */
export const HEADWORD_LINE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヶ０-９Ａ-Ｚａ-ｚ] \/[^/]*\/$/u;

/** Reads one balanced "( ... )" group starting at `i`; returns its inner text and the index after it. */
function balanced(line: string, i: number): { inner: string; end: number } | null {
  let depth = 0;
  for (let j = i; j < line.length; j++) {
    if (line[j] === '(') depth++;
    else if (line[j] === ')' && --depth === 0) return { inner: line.slice(i + 1, j), end: j + 1 };
  }
  return null;
}

/** Parses a headword line into its forms, or null when the line is not a headword line. */
export function parseHeadwordLine(raw: string): Form[] | null {
  // One entry in the file starts with a stray byte-order mark.
  const line = raw.replace(/^\uFEFF/, '');
  const forms: Form[] = [];
  let i = 0;
  while (i < line.length) {
    const tags: string[] = [];
    const notes: string[] = [];
    for (;;) {
      while (line[i] === ' ') i++;
      const tag = /^\[([a-z0-9]+)\]/.exec(line.slice(i, i + 12));
      if (tag) {
        tags.push(tag[1]!);
        i += tag[0].length;
      } else if (line[i] === '(') {
        const group = balanced(line, i);
        if (!group) return null;
        notes.push(group.inner.trim());
        i = group.end;
      } else break;
    }
    // The IPA transcription is missing for forms written with digits or symbols (１, 一ヶ, 〃).
    const form = /^([^\s/,[\]()]+)(?: \/[^/]*\/)?/.exec(line.slice(i));
    if (!form) return null;
    forms.push({ text: form[1]!, tags, notes });
    i += form[0].length;
    if (line[i] === ',') i++;
    else if (line.slice(i).trim() === '') break;
    else return null;
  }
  return forms.length > 0 ? forms : null;
}

export function mergeTags(tags: readonly string[]): Priority {
  const nfTag = tags.find((t) => /^nf\d\d$/.test(t));
  return { nf: nfTag ? Number(nfTag.slice(2)) : null, tags: [...new Set(tags)].sort() };
}

/** Lower is better. */
export function priorityRank(p: Priority | undefined): number {
  if (!p || p.tags.length === 0) return 60;
  let rank = p.nf ?? 36;
  if (p.tags.includes('ichi1')) rank -= 10;
  if (p.tags.includes('spec1') || p.tags.includes('gai1')) rank -= 5;
  if (p.tags.includes('news1')) rank -= 2;
  if (p.tags.includes('spec2') || p.tags.includes('ichi2') || p.tags.includes('news2') || p.tags.includes('gai2')) rank -= 1;
  return rank;
}

const IRREGULAR_NOTE = /irregular|ateji|out-dated|rarely used|search-only/i;

/** The pairs one headword line defines. */
export function entryPairs(forms: readonly Form[]): [string, PairInfo][] {
  const kana = forms.filter((f) => isAllKana(f.text));
  const kanji = forms.filter((f) => !isAllKana(f.text));
  const out: [string, PairInfo][] = [];
  if (kanji.length === 0) {
    kana.forEach((r, j) => {
      const tags = mergeTags(r.tags);
      const rank = priorityRank(tags);
      out.push([`\t${r.text}`, { formTags: tags, formRank: rank, readingRank: rank, formIndex: 0, readingIndex: j, irregular: false }]);
    });
    return out;
  }
  kanji.forEach((k, formIndex) => {
    const formTags = mergeTags(k.tags);
    const readings = kana.filter((r) => !r.notes.some((n) => kanji.some((x) => x.text === n)) || r.notes.includes(k.text));
    readings.forEach((r, readingIndex) => {
      out.push([
        `${k.text}\t${r.text}`,
        {
          formTags,
          formRank: priorityRank(formTags),
          readingRank: priorityRank(mergeTags(r.tags)),
          formIndex,
          readingIndex,
          irregular: k.notes.some((n) => IRREGULAR_NOTE.test(n)),
        },
      ]);
    });
  });
  return out;
}

/** Which of two entries' views of the same pair to keep: the one where the form ranks better. */
function better(a: PairInfo, b: PairInfo): boolean {
  return (a.formIndex - b.formIndex || a.formRank - b.formRank || a.readingIndex - b.readingIndex) < 0;
}

export async function readPriorityTable(path: string): Promise<PriorityTable> {
  const pairs = new Map<string, PairInfo>();
  let headwordLines = 0;
  let parsedLines = 0;
  let body = false;
  for await (const line of gzipLines(path)) {
    // Skip the dictd header block before the first entry.
    if (!body) {
      if (line.startsWith('Japanese-English FreeDict Dictionary ver.')) body = true;
      continue;
    }
    if (!HEADWORD_LINE.test(line)) continue;
    headwordLines++;
    const forms = parseHeadwordLine(line);
    if (!forms) continue;
    parsedLines++;
    for (const [key, info] of entryPairs(forms)) {
      const old = pairs.get(key);
      if (!old || better(info, old)) pairs.set(key, info);
    }
  }
  return { pairs, stats: { headwordLines, parsedLines } };
}
