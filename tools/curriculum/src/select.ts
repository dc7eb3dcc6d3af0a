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
import { dependencyOrder, joyoKanji, scoreOrder, sliceLevels, withCommonWords, type LevelledKanji } from './select-kanji.js';
import { attested, type SentenceIndex } from './sentences.js';
import { chars, isAllKana, isKana, isKanji, kanjiOf } from './text.js';
import {
  buildCandidates,
  fillCoverage,
  selectVocabulary,
  type CandidateContext,
  type ChosenWord,
  type KanjiSlot,
  type WordCandidate,
} from './vocabulary.js';
import type { JlptWord } from './derived.js';

export interface Selection {
  readonly kanji: readonly LevelledKanji[];
  readonly slots: ReadonlyMap<string, KanjiSlot>;
  readonly radicals: RadicalResult;
  readonly words: readonly ChosenWord[];
  readonly kana: readonly ChosenKana[];
  readonly readingsOf: ReadingsOf;
  /** Common words per kanji, weighted by frequency, for the reading-emphasis vote. */
  readonly voteWords: ReadonlyMap<string, readonly VoteWord[]>;
  /** Every candidate word whose kanji are taught (for coverage measurements), by headword. */
  readonly candidates: ReadonlyMap<string, WordCandidate>;
}

export interface SelectionInput {
  readonly kanjidic: ReadonlyMap<string, KanjidicEntry>;
  readonly kanjiPackage: KanjiPackageData;
  readonly priority: PriorityTable;
  readonly wordfreq: ReadonlyMap<string, number>;
  readonly jlpt: readonly JlptWord[];
  readonly denyAllow: DenyAllow;
  /** Vocabulary main readings chosen by hand (curation/vocabulary-readings.tsv). */
  readonly vocabularyReadings: ReadonlyMap<string, string>;
  /** Readings not to teach, by kanji (curation/reading-drops.tsv). */
  readonly readingDrops: ReadonlyMap<string, ReadonlySet<string>>;
  readonly readEdict: (keep: (l: EdictLine) => Keep) => Promise<EdictRead>;
  /** The context-sentence corpus: a word it uses ranks higher (VOCAB_KNOBS.sentenceBonus). */
  readonly sentences: SentenceIndex;
}

const MAX_WORD_LENGTH = 10;

export async function selectCurriculum(input: SelectionInput): Promise<Selection> {
  const { denyAllow } = input;
  const joyo = joyoKanji(input.kanjidic, input.kanjiPackage.jlpt);
  const joyoSet = new Set(joyo.map((k) => k.literal));
  const jlpt = new Map<string, number>();
  for (const j of input.jlpt) {
    const key = `${j.word}\t${j.reading}`;
    jlpt.set(key, Math.max(jlpt.get(key) ?? 0, j.level));
  }
  // Only common lines are kept parsed; uncommon kanji words are kept as text for
  // the coverage fill, so the 267k-line file never sits in memory parsed.
  const { lines, raw } = await input.readEdict((l): Keep => {
    const cs = chars(l.headword);
    if (cs.length > MAX_WORD_LENGTH || !cs.every((c) => isKana(c) || isKanji(c))) return 'drop';
    if (isAllKana(l.headword)) return l.common || denyAllow.allow.has(`kana_vocabulary:${l.headword}`) ? 'parsed' : 'drop';
    // Usually-kana words keep their (often non-Jōyō) kanji spelling: これ is 此れ, どこ is 何処. EDICT
    // does not mark every one common (迚も とても), so a JLPT-listed or allowed one is kept too.
    const ukListed = jlpt.has(`${l.headword}\t${l.reading}`) || denyAllow.allow.has(`kana_vocabulary:${l.reading}`);
    if ((l.common || ukListed) && l.senses[0]?.misc.includes('uk')) return 'parsed';
    if (!kanjiOf(l.headword).every((k) => joyoSet.has(k))) return 'drop';
    const listed = jlpt.has(`${l.headword}\t${l.reading}`);
    return l.common || listed || denyAllow.allow.has(`vocabulary:${l.headword}`) ? 'parsed' : 'raw';
  });

  const commonWords = new Map<string, number>();
  for (const l of lines) if (l.common) for (const k of new Set(kanjiOf(l.headword))) commonWords.set(k, (commonWords.get(k) ?? 0) + 1);
  const kanji = sliceLevels(dependencyOrder(scoreOrder(withCommonWords(joyo, commonWords)), input.kanjiPackage.trees));
  const slots = new Map(kanji.map((k) => [k.literal, { level: k.level, position: k.position }]));
  const radicals = planRadicals(kanji, input.kanjiPackage.trees);

  const readingMap = new Map<string, KanjiReadings>(
    kanji.map((k) => [k.literal, kanjiReadings(k.entry, input.readingDrops.get(k.literal))]),
  );
  const readingsOf: ReadingsOf = (k) => readingMap.get(k);
  const aligns = (w: string, r: string): boolean => alignReading(w, r, readingsOf) !== null;
  const taught = new Set(slots.keys());
  const isDenied = (h: string): boolean => denyAllow.deny.has(`vocabulary:${h}`);
  const isAllowed = (h: string): boolean => denyAllow.allow.has(`vocabulary:${h}`);
  const withPos = <T extends { senses: readonly { pos: readonly string[] }[] }>(c: T): boolean =>
    partsOfSpeech(c.senses as Parameters<typeof partsOfSpeech>[0]).length > 0;

  const ctx: CandidateContext = {
    table: input.priority,
    wordfreq: input.wordfreq,
    jlpt,
    taught,
    isDenied,
    isAllowed,
    aligns,
    chosenReading: (w) => input.vocabularyReadings.get(w),
    attested: (w, pos) => attested(w, pos, input.sentences),
  };
  const candidates = buildCandidates(lines, ctx).filter(withPos);
  const common = candidates.filter((c) => c.common || c.jlpt !== null || isAllowed(c.headword));
  const chosen = selectVocabulary(common, slots);
  // Coverage: kanji still without a word may take an uncommon word, or one
  // normally written in kana (且つ), when nothing else exists.
  const covered = new Set(chosen.flatMap((c) => c.word.kanji));
  const uncovered = [...taught].filter((k) => !covered.has(k));
  const extraLines = raw.filter((t) => uncovered.some((k) => t.includes(k))).flatMap((t) => parseEdictLine(t) ?? []);
  const coverageLines = [...lines.filter((l) => uncovered.some((k) => l.headword.includes(k))), ...extraLines];
  const coveragePool = buildCandidates(coverageLines, ctx, true).filter(withPos);
  const words = fillCoverage(chosen, coveragePool, slots);

  const kana = selectKana(
    buildKanaCandidates(lines, {
      table: input.priority,
      wordfreq: input.wordfreq,
      jlpt,
      isDenied: (k) => denyAllow.deny.has(`kana_vocabulary:${k}`),
      isAllowed: (k) => denyAllow.allow.has(`kana_vocabulary:${k}`),
    }),
    new Set(words.map((w) => w.word.headword)),
  );

  const voteWords = new Map<string, VoteWord[]>();
  // The emphasised reading is the one the taught words use, earlier words counting more.
  // Weighted by use, so 日本 (にち) outweighs 二日 (か), and 九 (きゅう) outweighs 九つ (ここの).
  for (const c of words.map((w) => w.word)) {
    const weight = 10 ** (Math.min(c.zipf, 6) - 4);
    for (const k of c.kanji) {
      const list = voteWords.get(k) ?? [];
      list.push({ word: c.headword, reading: c.readings[0]!, weight });
      voteWords.set(k, list);
    }
  }
  return { kanji, slots, radicals, words, kana, readingsOf, voteWords, candidates: new Map(candidates.map((c) => [c.headword, c])) };
}
