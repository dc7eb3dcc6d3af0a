// EDICT (EDICT1 layout, EUC-JP) reader: one line per written form/reading pair.
import { fileLines } from './text.js';

export interface EdictSense {
  readonly pos: readonly string[];
  /** Usage, field and dialect tags such as uk, abbr, arch, Buddh, ksb:. */
  readonly misc: readonly string[];
  readonly glosses: readonly string[];
}

export interface EdictLine {
  readonly headword: string;
  readonly reading: string;
  readonly common: boolean;
  readonly senses: readonly EdictSense[];
}

const POS_RE =
  /^(n|n-adv|n-t|n-suf|n-pref|n-pr|adj-[a-z]+|adv|adv-to|aux|aux-v|aux-adj|conj|cop|cop-da|ctr|exp|int|num|pn|pref|prt|suf|unc|v1|v1-s|v5[a-z]*(-[a-z]+)?|v2[a-z]-[sk]|v4[a-z]|vk|vn|vr|vs|vs-[cis]|vt|vi|vz)$/;

const MISC = new Set([
  'uk',
  'comp',
  'arch',
  'abbr',
  'on-mim',
  'yoji',
  'obsc',
  'col',
  'sl',
  'id',
  'Buddh',
  'food',
  'ok',
  'proverb',
  'io',
  'math',
  'med',
  'hon',
  'iK',
  'ling',
  'sports',
  'oK',
  'ateji',
  'music',
  'pol',
  'sumo',
  'ik',
  'derog',
  'baseb',
  'astron',
  'physics',
  'obs',
  'chem',
  'mahj',
  'biol',
  'law',
  'hum',
  'sens',
  'anat',
  'geol',
  'vulg',
  'fam',
  'joc',
  'hist',
  'MA',
  'chn',
  'hanaf',
  'finc',
  'fem',
  'bot',
  'male',
  'mil',
  'Shinto',
  'dated',
  'litf',
  'net-sl',
  'gikun',
  'archit',
  'shogi',
  'Christn',
  'engr',
  'econ',
  'tradem',
  'poet',
  'm-sl',
  'bus',
  'zool',
  'rare',
  'X',
  'ek',
  'geom',
  'gram',
  'quote',
  'P',
  'char',
  'work',
  'company',
  'product',
  'organization',
  'place',
  'person',
  'surname',
  'given',
  'station',
]);

const isTagCode = (code: string): boolean => POS_RE.test(code) || MISC.has(code) || /^[a-z]{2,4}b:$/.test(code);

/** Splits a sense chunk's leading "(n,vs) (2) (uk)" groups from its gloss text. */
function leadingTags(item: string): { tags: string[]; senseStart: boolean; text: string } {
  const tags: string[] = [];
  let senseStart = false;
  let rest = item;
  for (;;) {
    const m = /^\s*[({]([^)}]*)[)}]\s*/.exec(rest);
    if (!m || m[1] === undefined) break;
    const inner = m[1];
    if (/^\d+$/.test(inner)) senseStart = true;
    else {
      const codes = inner.split(',');
      if (!codes.every(isTagCode)) break;
      tags.push(...codes);
    }
    rest = rest.slice(m[0].length);
  }
  return { tags, senseStart, text: rest.trim() };
}

export function parseEdictLine(line: string): EdictLine | null {
  const m = /^(\S+)(?: \[([^\]]+)\])? \/(.*)\/\s*$/.exec(line);
  if (!m || m[1] === undefined || m[3] === undefined) return null;
  const headword = m[1];
  const reading = m[2] ?? headword;
  const items = m[3].split('/');
  let common = false;
  const senses: { pos: string[]; misc: string[]; glosses: string[] }[] = [];
  for (const raw of items) {
    if (raw === '(P)') {
      common = true;
      continue;
    }
    if (raw.startsWith('EntL')) continue;
    const { tags, senseStart, text } = leadingTags(raw);
    const pos = tags.filter((t) => POS_RE.test(t) && !MISC.has(t));
    const misc = tags.filter((t) => !pos.includes(t));
    let current = senses[senses.length - 1];
    // A new sense starts at "(N)", or when POS tags reappear on an unnumbered line.
    if (!current || senseStart || pos.length > 0) {
      current = { pos, misc, glosses: [] };
      senses.push(current);
    } else current.misc.push(...misc);
    if (text.length > 0) current.glosses.push(text);
  }
  // Unnumbered senses inherit the previous POS, as in EDICT's own convention.
  for (let i = 1; i < senses.length; i++) {
    const s = senses[i]!;
    if (s.pos.length === 0) s.pos.push(...senses[i - 1]!.pos);
  }
  return { headword, reading, common, senses: senses.filter((s) => s.glosses.length > 0) };
}

export type Keep = 'parsed' | 'raw' | 'drop';

export interface EdictRead {
  readonly lines: EdictLine[];
  /** Lines kept unparsed (as text) because they are only rarely needed; parse with parseEdictLine. */
  readonly raw: string[];
}

/**
 * Streams the EUC-JP file. `keep` decides per line whether it is kept parsed,
 * kept as its raw text (cheap in memory, parsed on demand), or dropped.
 */
export async function readEdict(path: string, keep: (line: EdictLine) => Keep): Promise<EdictRead> {
  const lines: EdictLine[] = [];
  const raw: string[] = [];
  let first = true;
  for await (const text of fileLines(path, 'euc-jp')) {
    if (first) {
      first = false;
      continue;
    } // header line
    const line = parseEdictLine(text);
    if (!line) continue;
    const k = keep(line);
    if (k === 'parsed') lines.push(line);
    else if (k === 'raw') raw.push(text);
  }
  return { lines, raw };
}
