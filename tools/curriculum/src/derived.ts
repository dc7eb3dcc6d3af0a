// Readers of the committed derived inputs (tools/curriculum/inputs/), each checked against the
// sha256 pinned in manifest.ts before use.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { BuildInputError } from './inputs.js';
import { DERIVED_SOURCES, type DerivedSource } from './manifest.js';

export const INPUTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../inputs');

/** The data rows (comment lines dropped) of a derived input, split on tabs. */
export function readDerivedRows(source: DerivedSource, dir: string = INPUTS_DIR): string[][] {
  const path = join(dir, source.derived);
  const bytes = readFileSync(path);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== source.sha256) {
    throw new BuildInputError(
      `Checksum mismatch for ${path}: expected sha256 ${source.sha256}, got ${actual}. Re-run npm run content:derive from the pinned sources, or restore the committed file.`,
    );
  }
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l.length > 0 && !l.startsWith('#'))
    .map((l) => l.split('\t'));
}

/** wordfreq Zipf value by surface form (MeCab tokens: verbs appear as their inflected stems too). */
export function readWordfreq(dir?: string): Map<string, number> {
  return new Map(readDerivedRows(DERIVED_SOURCES.wordfreq, dir).map(([w, z]) => [w!, Number(z)]));
}

export interface JlptWord {
  /** 5 = N5 (easiest) … 1 = N1. */
  readonly level: number;
  readonly word: string;
  readonly reading: string;
}

export function readJlpt(dir?: string): JlptWord[] {
  return readDerivedRows(DERIVED_SOURCES.jlpt, dir).map(([level, word, reading]) => ({
    level: Number(level!.slice(1)),
    word: word!,
    reading: reading!,
  }));
}

export interface SentencePair {
  readonly ja: string;
  readonly en: string;
}

/** Both Tatoeba extracts (the 2018 pair export, then the 2021 Challenge test set), each Japanese sentence once. */
export function readTatoeba(dir?: string): SentencePair[] {
  const seen = new Set<string>();
  const out: SentencePair[] = [];
  for (const source of [DERIVED_SOURCES.tatoeba, DERIVED_SOURCES.tatoebaChallenge]) {
    for (const [ja, en] of readDerivedRows(source, dir)) {
      if (seen.has(ja!)) continue;
      seen.add(ja!);
      out.push({ ja: ja!, en: en! });
    }
  }
  return out;
}
