// npm run content:derive -- [--wordfreq FILE] [--jlpt DIR] [--tatoeba FILE] [--tatoeba-challenge DIR]
//
// Writes the committed derived inputs in tools/curriculum/inputs/ from files of public GitHub
// repositories (see DERIVED_SOURCES in manifest.ts for the repository, commit, path, checksum and
// licence of each). Run by hand when a source is re-pinned; the content build itself only reads the
// derived files, so it never needs the network. Each derived file starts with '#' lines naming its
// source and licence, so the attribution travels with the data.
import { decode } from '@msgpack/msgpack';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { sha256File } from './inputs.js';
import { DERIVED_SOURCES, type DerivedSource } from './manifest.js';
import { chars, isKana, isKanji } from './text.js';

const INPUTS = resolve(dirname(fileURLToPath(import.meta.url)), '../inputs');

export const DERIVE_KNOBS = {
  /** wordfreq words below this Zipf value (about 1 in a million words) are left out. */
  minZipf: 3,
  /** Context sentences longer than this (characters of the Japanese side) are left out. */
  maxSentenceLength: 60,
  maxEnglishLength: 90,
} as const;

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function verified(source: DerivedSource, path: string): Promise<Buffer> {
  const actual = await sha256File(path);
  if (actual !== source.sourceSha256)
    throw new Error(`${path}: sha256 ${actual}, expected ${source.sourceSha256} (${source.repo}@${source.commit}:${source.path})`);
  return readFileSync(path);
}

function header(source: DerivedSource, columns: string): string {
  return [
    `# Derived from ${source.repo} at commit ${source.commit}, file ${source.path} (sha256 ${source.sourceSha256}).`,
    `# ${source.attribution}`,
    `# Licence: ${source.license}. Columns: ${columns}.`,
  ].join('\n');
}

const japaneseWord = (w: string): boolean => w.length > 0 && chars(w).every((c) => isKana(c) || isKanji(c));

/** wordfreq's cBpack: [header, bucket 0, bucket 1, ...], bucket i holding the words of frequency 10^(-i/100). */
export function wordfreqRows(packed: unknown[]): string[] {
  const rows: string[] = [];
  for (let i = 1; i < packed.length; i++) {
    const zipf = 9 - (i - 1) / 100;
    if (zipf < DERIVE_KNOBS.minZipf) break;
    for (const word of packed[i] as string[]) if (japaneseWord(word)) rows.push(`${word}\t${zipf.toFixed(2)}`);
  }
  return rows;
}

async function deriveWordfreq(path: string): Promise<void> {
  const source = DERIVED_SOURCES.wordfreq;
  const packed = decode(gunzipSync(await verified(source, path))) as unknown[];
  writeFileSync(
    join(INPUTS, source.derived),
    `${header(source, 'word, Zipf frequency (log10 of uses per billion words)')}\n${wordfreqRows(packed).join('\n')}\n`,
  );
}

async function deriveJlpt(dir: string): Promise<void> {
  const source = DERIVED_SOURCES.jlpt;
  const rows: string[] = [];
  for (const n of [5, 4, 3, 2, 1]) {
    const bank = JSON.parse(
      (await verified({ ...source, sourceSha256: source.bankSha256[n]! }, join(dir, `term_meta_bank_${n}.json`))).toString('utf8'),
    ) as [string, string, { reading: string; frequency: { displayValue: string } }][];
    for (const [term, , meta] of bank) rows.push(`${meta.frequency.displayValue}\t${term}\t${meta.reading}`);
  }
  writeFileSync(
    join(INPUTS, source.derived),
    `${header({ ...source, sourceSha256: Object.values(source.bankSha256).join(', ') }, 'level, word, reading')}\n${rows.join('\n')}\n`,
  );
}

/** Japanese–English rows, each Japanese sentence once, short enough to show as a context sentence. */
export function sentenceRows(pairs: Iterable<readonly [en: string | undefined, ja: string | undefined]>): string[] {
  const seen = new Set<string>();
  const rows: string[] = [];
  for (const [rawEn, rawJa] of pairs) {
    const en = rawEn?.trim();
    const ja = rawJa?.trim();
    if (!en || !ja || seen.has(ja)) continue;
    if (chars(ja).length > DERIVE_KNOBS.maxSentenceLength || en.length > DERIVE_KNOBS.maxEnglishLength) continue;
    seen.add(ja);
    rows.push(`${ja}\t${en}`);
  }
  return rows;
}

function writeSentences(source: DerivedSource, rows: readonly string[]): void {
  writeFileSync(join(INPUTS, source.derived), `${header(source, 'Japanese sentence, English translation')}\n${rows.join('\n')}\n`);
}

/** manythings.org's pair file: English TAB Japanese (TAB attribution) per line. */
async function deriveTatoeba(path: string): Promise<void> {
  const source = DERIVED_SOURCES.tatoeba;
  const lines = (await verified(source, path)).toString('utf8').split('\n');
  writeSentences(source, sentenceRows(lines.map((l) => l.split('\t') as [string, string])));
}

/** The Tatoeba Challenge test set: two line-aligned files, .jpn and .eng. */
async function deriveTatoebaChallenge(dir: string): Promise<void> {
  const source = DERIVED_SOURCES.tatoebaChallenge;
  const [ja, en] = await Promise.all(
    (['jpn', 'eng'] as const).map(async (lang) =>
      (await verified({ ...source, sourceSha256: source.pairSha256[lang] }, join(dir, `tatoeba-test-v2021-08-07.${lang}`)))
        .toString('utf8')
        .split('\n'),
    ),
  );
  if (ja!.length !== en!.length) throw new Error(`${dir}: ${ja!.length} Japanese lines but ${en!.length} English lines`);
  writeSentences(
    { ...source, sourceSha256: `jpn ${source.pairSha256.jpn}, eng ${source.pairSha256.eng}` },
    sentenceRows(ja!.map((j, i) => [en![i], j] as const)),
  );
}

async function main(): Promise<void> {
  const wordfreq = arg('--wordfreq');
  const jlpt = arg('--jlpt');
  const tatoeba = arg('--tatoeba');
  const challenge = arg('--tatoeba-challenge');
  if (wordfreq) await deriveWordfreq(wordfreq);
  if (jlpt) await deriveJlpt(jlpt);
  if (tatoeba) await deriveTatoeba(tatoeba);
  if (challenge) await deriveTatoebaChallenge(challenge);
  for (const s of Object.values(DERIVED_SOURCES)) process.stderr.write(`${s.derived}\t${await sha256File(join(INPUTS, s.derived))}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    process.stderr.write(`derive failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
