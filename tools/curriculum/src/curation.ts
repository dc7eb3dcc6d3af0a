// Loaders for the hand-made TSV files in content/open-curriculum/curation/.
// Lines starting with '#' are comments; every other line must have the stated columns.
import { readFileSync } from 'node:fs';

export class CurationError extends Error {
  override name = 'CurationError';
}

export function readTsv(path: string, minColumns: number): string[][] {
  const rows: string[][] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '' || line.startsWith('#')) return;
      const cols = line.split('\t').map((c) => c.trim());
      if (cols.length < minColumns || cols[0] === '')
        throw new CurationError(`${path}:${i + 1}: expected ${minColumns} tab-separated columns`);
      rows.push(cols);
    });
  return rows;
}

const list = (cell: string | undefined): string[] =>
  (cell ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export interface RadicalName {
  readonly name: string;
  readonly also: readonly string[];
}

export function readRadicalNames(path: string): Map<string, RadicalName> {
  const out = new Map<string, RadicalName>();
  for (const [ch, name, also] of readTsv(path, 2)) {
    if (out.has(ch!)) throw new CurationError(`${path}: radical ${ch} named twice`);
    out.set(ch!, { name: name!, also: list(also) });
  }
  return out;
}

export type Emphasis = 'onyomi' | 'kunyomi';
export interface EmphasisOverride {
  readonly emphasis: Emphasis;
  readonly primary: string | null;
}

export function readEmphasisOverrides(path: string): Map<string, EmphasisOverride> {
  const out = new Map<string, EmphasisOverride>();
  for (const [kanji, emphasis, primary] of readTsv(path, 2)) {
    if (emphasis !== 'onyomi' && emphasis !== 'kunyomi') throw new CurationError(`${path}: ${kanji}: emphasis must be onyomi or kunyomi`);
    out.set(kanji!, { emphasis, primary: primary ? primary : null });
  }
  return out;
}

export type SubjectType = 'radical' | 'kanji' | 'vocabulary' | 'kana_vocabulary';
export interface MeaningOverride {
  readonly primary: string;
  readonly also: readonly string[];
  readonly blacklist: readonly string[];
}

/** Keyed by `${type}:${characters}`. */
export function readMeaningOverrides(path: string): Map<string, MeaningOverride> {
  const out = new Map<string, MeaningOverride>();
  for (const [type, chars, primary, also, blacklist, reason] of readTsv(path, 6)) {
    if (!['vocabulary', 'kana_vocabulary'].includes(type!))
      throw new CurationError(`${path}: bad type ${type} (kanji meanings live in kanji-meanings.tsv)`);
    if (!reason) throw new CurationError(`${path}: ${chars}: give a reason`);
    out.set(`${type}:${chars}`, { primary: primary!, also: list(also), blacklist: list(blacklist) });
  }
  return out;
}

/**
 * Vocabulary whose main reading is not the one the dictionary order gives (行き いき, not ゆき):
 * characters → reading. The dictionary's line with that reading supplies the senses.
 */
export function readVocabularyReadings(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [chars, reading, reason] of readTsv(path, 3)) {
    if (!reason) throw new CurationError(`${path}: ${chars}: give a reason`);
    if (!/^[\u3041-\u309f]+$/.test(reading!)) throw new CurationError(`${path}: ${chars}: the reading ${reading} is not hiragana`);
    out.set(chars!, reading!);
  }
  return out;
}

export interface DenyAllow {
  /** `${type}:${characters}` → reason. */
  readonly deny: ReadonlyMap<string, string>;
  readonly allow: ReadonlyMap<string, string>;
}

export function readDenyAllow(path: string): DenyAllow {
  const deny = new Map<string, string>();
  const allow = new Map<string, string>();
  for (const [action, type, chars, reason] of readTsv(path, 3)) {
    if (type !== 'vocabulary' && type !== 'kana_vocabulary') throw new CurationError(`${path}: bad type ${type}`);
    if (action === 'deny') deny.set(`${type}:${chars}`, reason ?? '');
    else if (action === 'allow') allow.set(`${type}:${chars}`, reason ?? '');
    else throw new CurationError(`${path}: action must be deny or allow, got ${action}`);
  }
  return { deny, allow };
}

/** Kanji readings not to teach (a dialect or foreign-word reading KANJIDIC lists): kanji → readings. */
export function readReadingDrops(path: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [kanji, reading, reason] of readTsv(path, 3)) {
    if (!reason) throw new CurationError(`${path}: ${kanji} ${reading}: give a reason`);
    const set = out.get(kanji!) ?? new Set<string>();
    set.add(reading!);
    out.set(kanji!, set);
  }
  return out;
}

export interface KanjiMeaningRow {
  readonly primary: string;
  readonly also: readonly string[];
  readonly blacklist: readonly string[];
  /** Kanji that truly mean the same and may share the primary (川 and 河). */
  readonly sameAs: readonly string[];
  readonly reason: string;
}

/** kanji-meanings.tsv: one reviewed row per taught kanji (the build fails on a kanji without one). */
export function readKanjiMeanings(path: string): Map<string, KanjiMeaningRow> {
  const out = new Map<string, KanjiMeaningRow>();
  for (const [kanji, primary, also, blacklist, sameAs, reason] of readTsv(path, 6)) {
    if (out.has(kanji!)) throw new CurationError(`${path}: ${kanji} has two rows`);
    if (!primary || !reason) throw new CurationError(`${path}: ${kanji} needs a primary meaning and a reason`);
    out.set(kanji!, { primary, also: list(also), blacklist: list(blacklist), sameAs: list(sameAs), reason });
  }
  return out;
}
