// KANJIDIC2 reader. Only the fields the EDRDG licence lets us redistribute freely
// are read (literal, grade, strokes, freq, JLPT, on/kun/nanori, English meanings);
// SKIP, Halpern, pinyin, Korean, Four-Corner and De Roo data are never touched.
import { gzipLines } from './text.js';

export interface KanjidicEntry {
  readonly literal: string;
  readonly grade: number | null;
  readonly strokes: number;
  readonly freq: number | null;
  readonly jlpt: number | null;
  readonly on: readonly string[];
  readonly kun: readonly string[];
  readonly nanori: readonly string[];
  readonly meanings: readonly string[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescape = (s: string): string => s.replace(/&(amp|lt|gt|quot|apos);/g, (m) => ENTITIES[m] ?? m);

function num(block: string, tag: string): number | null {
  const m = new RegExp(`<${tag}>(\\d+)</${tag}>`).exec(block);
  return m?.[1] !== undefined ? Number(m[1]) : null;
}

function all(block: string, re: RegExp): string[] {
  return [...block.matchAll(re)].map((m) => unescape(m[1] ?? ''));
}

export function parseCharacter(block: string): KanjidicEntry | null {
  const literal = /<literal>([^<]+)<\/literal>/.exec(block)?.[1];
  if (literal === undefined) return null;
  return {
    literal,
    grade: num(block, 'grade'),
    strokes: num(block, 'stroke_count') ?? 0,
    freq: num(block, 'freq'),
    jlpt: num(block, 'jlpt'),
    on: all(block, /<reading r_type="ja_on">([^<]+)<\/reading>/g),
    kun: all(block, /<reading r_type="ja_kun">([^<]+)<\/reading>/g),
    nanori: all(block, /<nanori>([^<]+)<\/nanori>/g),
    meanings: all(block, /<meaning>([^<]+)<\/meaning>/g),
  };
}

/** Streams kanjidic2.xml.gz one <character> block at a time. */
export async function readKanjidic(path: string): Promise<Map<string, KanjidicEntry>> {
  const out = new Map<string, KanjidicEntry>();
  let block: string[] | null = null;
  for await (const line of gzipLines(path)) {
    if (line.startsWith('<character>')) block = [];
    else if (line.startsWith('</character>')) {
      const entry = block ? parseCharacter(block.join('\n')) : null;
      if (entry) out.set(entry.literal, entry);
      block = null;
    } else if (block) block.push(line);
  }
  return out;
}
