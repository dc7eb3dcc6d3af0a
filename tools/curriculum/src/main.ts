// npm run content:build — rebuilds content/open-curriculum/ from the pinned inputs.
// Flags: --offline (never fetch; fail if an input is missing), --cache-dir DIR.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from './assemble.js';
import {
  readDenyAllow,
  readEmphasisOverrides,
  readMeaningOverrides,
  readRadicalNames,
  readReadingDrops,
  readKanjiMeanings,
  readVocabularyReadings,
} from './curation.js';
import { readEdict } from './edict.js';
import { formatIdMap, readIdMap } from './id-map.js';
import { BuildInputError, ensureInput, extractDeb } from './inputs.js';
import { readKanjidic } from './kanjidic.js';
import { readKanjiPackage } from './kanjivg.js';
import { readPriorityTable } from './jmdict-priority.js';
import { readJlpt, readTatoeba, readWordfreq } from './derived.js';
import { measure, reportMarkdown } from './report.js';
import { indexSentences } from './sentences.js';
import { EDICT, FREEDICT_JPN_ENG, KANJIDIC_XML, KANJI_NPM, SPDX_LICENSE_LIST_NPM } from './manifest.js';
import { licenseText } from './license.js';
import { selectCurriculum } from './select.js';
import { planAll } from './plan.js';
import { countByLevel, countsTable, encodeSubjects, fixturePage, readPreviousSubjects, replaceBetween, writeIfChanged } from './write.js';
import type { Planned } from './common.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const OUT = join(ROOT, 'content/open-curriculum');
const CURATION = join(OUT, 'curation');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const started = Date.now();
  const log = (msg: string): void => {
    process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}\n`);
  };
  const offline = process.argv.includes('--offline');
  const cache = resolve(arg('--cache-dir') ?? join(ROOT, '.content-cache'));

  const [kanjidicDeb, edictDeb, freedictDeb, kanjiTgz, spdxTgz] = await Promise.all(
    [KANJIDIC_XML, EDICT, FREEDICT_JPN_ENG, KANJI_NPM, SPDX_LICENSE_LIST_NPM].map((i) => ensureInput(i, cache, offline)),
  );
  const kanjidicDir = await extractDeb(KANJIDIC_XML, kanjidicDeb!, cache);
  const edictDir = await extractDeb(EDICT, edictDeb!, cache);
  const freedictDir = await extractDeb(FREEDICT_JPN_ENG, freedictDeb!, cache);
  log('inputs verified');

  const curation = {
    radicalNames: readRadicalNames(join(CURATION, 'radical-names.tsv')),
    emphasis: readEmphasisOverrides(join(CURATION, 'reading-emphasis.tsv')),
    meanings: readMeaningOverrides(join(CURATION, 'meaning-overrides.tsv')),
    kanjiMeanings: readKanjiMeanings(join(CURATION, 'kanji-meanings.tsv')),
    denyAllow: readDenyAllow(join(CURATION, 'vocabulary-deny-allow.tsv')),
    readingDrops: readReadingDrops(join(CURATION, 'reading-drops.tsv')),
    vocabularyReadings: readVocabularyReadings(join(CURATION, 'vocabulary-readings.tsv')),
  };

  const [kanjiPackage, kanjidic, priority] = await Promise.all([
    readKanjiPackage(kanjiTgz!),
    readKanjidic(join(kanjidicDir, 'usr/share/edict/kanjidic2.xml.gz')),
    readPriorityTable(join(freedictDir, 'usr/share/dictd/freedict-jpn-eng.dict.dz')),
  ]);
  log(`read KANJIDIC2 (${kanjidic.size}), KanjiVG trees (${kanjiPackage.trees.size}), priority pairs (${priority.pairs.size})`);
  const { headwordLines, parsedLines } = priority.stats;
  if (parsedLines !== headwordLines) {
    throw new BuildInputError(
      `JMdict (FreeDict) headword parser: ${headwordLines - parsedLines} of ${headwordLines} headword lines did not parse.`,
    );
  }
  const wordfreq = readWordfreq();
  const jlpt = readJlpt();

  const sentences = indexSentences(readTatoeba());
  const selection = await selectCurriculum({
    kanjidic,
    kanjiPackage,
    priority,
    wordfreq,
    jlpt,
    denyAllow: curation.denyAllow,
    readingDrops: curation.readingDrops,
    vocabularyReadings: curation.vocabularyReadings,
    readEdict: (keep) => readEdict(join(edictDir, 'usr/share/edict/edict'), keep),
    sentences,
  });
  log(
    `selected ${selection.kanji.length} kanji, ${selection.radicals.radicals.length} radicals, ${selection.words.length} words, ${selection.kana.length} kana words`,
  );

  const planned: Planned[] = planAll(selection, curation, kanjiPackage.lookalikes, sentences);
  const subjectsPath = join(OUT, 'subjects.jsonl.gz');
  const idMapPath = join(OUT, 'id-map.tsv');
  const result = assemble(planned, readIdMap(idMapPath), readPreviousSubjects(subjectsPath));
  log(`assembled ${result.subjects.length} subjects (${result.withdrawn} withdrawn)`);

  writeIfChanged(subjectsPath, encodeSubjects(result.subjects));
  writeIfChanged(idMapPath, formatIdMap(result.idMap));
  writeIfChanged(join(ROOT, 'content/fixtures/levels-1-3.json'), fixturePage(result.subjects, 3));
  writeIfChanged(join(OUT, 'LICENSE'), await licenseText(spdxTgz!));
  const readmePath = join(ROOT, 'content/README.md');
  const report = measure(result.subjects, jlpt);
  let readme = replaceBetween(readFileSync(readmePath, 'utf8'), 'counts', countsTable(countByLevel(result.subjects)));
  readme = replaceBetween(readme, 'report', reportMarkdown(report));
  writeIfChanged(readmePath, readme);
  // What the tests check without the inputs: the parser read every headword line of its input.
  const buildReport = { freedict_headword_lines: headwordLines, freedict_parsed_lines: parsedLines };
  writeIfChanged(join(OUT, 'build-report.json'), `${JSON.stringify(buildReport, null, 2)}\n`);
  log(`done; peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
}

main().catch((err: unknown) => {
  if (err instanceof BuildInputError || (err instanceof Error && err.name === 'CurationError')) {
    process.stderr.write(`content build failed: ${err.message}\n`);
  } else {
    process.stderr.write(`content build failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  }
  process.exit(1);
});
