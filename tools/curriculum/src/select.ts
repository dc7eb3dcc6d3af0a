// Selection stage: which kanji, radicals, words and kana words, and at which level.
import type { DenyAllow } from './curation.js';
import { parseEdictLine, type EdictLine, type EdictRead, type Keep } from './edict.js';
import type { PriorityTable } from './jmdict-priority.js';
import { buildKanaCandidates, selectKana, type ChosenKana } from './kana-vocabulary.js';
import type { KanjidicEntry } from './kanjidic.js';
import type { KanjiPackageData } from './kanjivg.js';
import { partsOfSpeech } from './pos.js';
import { planRadicals, type RadicalResult } from './radicals.js';
import { alignReading, kanjiReadings, type KanjiReadings, type ReadingsOf, type VoteWord } from './readings.js';
import { dependencyOrder, filterPool, joyoKanji, scoreOrder, sliceLevels, type LevelledKanji } from './select-kanji.js';
import { chars, isAllKana, isKana, isKanji, kanjiOf } from './text.js';
import { buildCandidates, fillCoverage, selectVocabulary, type ChosenWord, type KanjiSlot } from './vocabulary.js';

export interface Selection {
  readonly kanji: readonly LevelledKanji[];
  readonly slots: ReadonlyMap<string, KanjiSlot>;
  readonly radicals: RadicalResult;
  readonly words: readonly ChosenWord[];
  readonly kana: readonly ChosenKana[];
  readonly readingsOf: ReadingsOf;
  /** Common words per kanji, weighted by frequency, for the reading-emphasis vote. */
  readonly voteWords: ReadonlyMap<string, readonly VoteWord[]>;
}

export interface SelectionInput {
  readonly kanjidic: ReadonlyMap<string, KanjidicEntry>;
  readonly kanjiPackage: KanjiPackageData;
  readonly priority: PriorityTable;
  readonly denyAllow: DenyAllow;
  readonly readEdict: (keep: (l: EdictLine) => Keep) => Promise<EdictRead>;
}

const MAX_WORD_LENGTH = 10;

export async function selectCurriculum(input: SelectionInput): Promise<Selection> {
  const { denyAllow } = input;
  const joyo = joyoKanji(input.kanjidic, input.kanjiPackage.jlpt);
  const joyoSet = new Set(joyo.map((k) => k.literal));
  // Only common lines are kept parsed; uncommon kanji words are kept as text for
  // the coverage fill, so the 267k-line file never sits in memory parsed.
  const { lines, raw } = await input.readEdict((l): Keep => {
    const cs = chars(l.headword);
    if (cs.length > MAX_WORD_LENGTH || !cs.every((c) => isKana(c) || isKanji(c))) return 'drop';
    if (isAllKana(l.headword)) return l.common || denyAllow.allow.has(`kana_vocabulary:${l.headword}`) ? 'parsed' : 'drop';
    if (!kanjiOf(l.headword).every((k) => joyoSet.has(k))) return 'drop';
    return l.common || denyAllow.allow.has(`vocabulary:${l.headword}`) ? 'parsed' : 'raw';
  });

  const commonWords = new Map<string, number>();
  for (const l of lines) if (l.common) for (const k of new Set(kanjiOf(l.headword))) commonWords.set(k, (commonWords.get(k) ?? 0) + 1);
  const kanji = sliceLevels(dependencyOrder(scoreOrder(filterPool(joyo, commonWords)), input.kanjiPackage.trees));
  const slots = new Map(kanji.map((k) => [k.literal, { level: k.level, position: k.position }]));
  const radicals = planRadicals(kanji, input.kanjiPackage.trees);

  const readingMap = new Map<string, KanjiReadings>(kanji.map((k) => [k.literal, kanjiReadings(k.entry)]));
  const readingsOf: ReadingsOf = (k) => readingMap.get(k);
  const aligns = (w: string, r: string): boolean => alignReading(w, r, readingsOf) !== null;
  const taught = new Set(slots.keys());
  const isDenied = (h: string): boolean => denyAllow.deny.has(`vocabulary:${h}`);
  const isAllowed = (h: string): boolean => denyAllow.allow.has(`vocabulary:${h}`);
  const withPos = <T extends { senses: readonly { pos: readonly string[] }[] }>(c: T): boolean =>
    partsOfSpeech(c.senses as Parameters<typeof partsOfSpeech>[0]).length > 0;

  const candidates = buildCandidates(lines, input.priority, taught, isDenied, isAllowed, aligns).filter(withPos);
  const common = candidates.filter((c) => c.common || isAllowed(c.headword));
  const chosen = selectVocabulary(common, slots);
  // Coverage: kanji still without a word may take an uncommon word, or one
  // normally written in kana (且つ), when nothing else exists.
  const covered = new Set(chosen.flatMap((c) => c.word.kanji));
  const uncovered = [...taught].filter((k) => !covered.has(k));
  const extraLines = raw.filter((t) => uncovered.some((k) => t.includes(k))).flatMap((t) => parseEdictLine(t) ?? []);
  const coverageLines = [...lines.filter((l) => uncovered.some((k) => l.headword.includes(k))), ...extraLines];
  const coveragePool = buildCandidates(coverageLines, input.priority, taught, isDenied, isAllowed, aligns, true).filter(withPos);
  const words = fillCoverage(chosen, coveragePool, slots);

  const kana = selectKana(
    buildKanaCandidates(
      lines,
      input.priority,
      (k) => denyAllow.deny.has(`kana_vocabulary:${k}`),
      (k) => denyAllow.allow.has(`kana_vocabulary:${k}`),
    ),
  );

  const voteWords = new Map<string, VoteWord[]>();
  for (const c of common) {
    const weight = Math.max(0.2, (45 - c.rank) / 45);
    for (const k of c.kanji) {
      const list = voteWords.get(k) ?? [];
      list.push({ word: c.headword, reading: c.readings[0]!, weight });
      voteWords.set(k, list);
    }
  }
  return { kanji, slots, radicals, words, kana, readingsOf, voteWords };
}
