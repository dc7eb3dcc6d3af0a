// Measurements of the built curriculum against its yardsticks, written into content/README.md:
// JLPT N5/N4 coverage (community lists, see derived.ts), placement gaps, sentence coverage.
import type { JlptWord } from './derived.js';
import { KNOWN_SOUND_HINT, LEVEL_SOUND_HINT, LEVEL_WORD_NOTE } from './mnemonics.js';
import { kanjiOf } from './text.js';
import type { SubjectResource } from './types.js';

export interface Coverage {
  readonly eligible: number;
  readonly taught: number;
  /** Eligible words whose newest kanji is at or below level 10, and how many of them are taught by level 10. */
  readonly eligibleBy10: number;
  readonly taughtBy10: number;
  /** Taught words placed more than two levels after their newest kanji. */
  readonly late: readonly string[];
  readonly missing: readonly string[];
}

/** What the kanji reading notes tie the taught reading to (mnemonics.ts, kanjiReadingMnemonic). */
export interface ReadingNotes {
  readonly kanji: number;
  /** The note's word uses the taught reading and is taught at or before the kanji's level. */
  readonly atLevel: number;
  /** The kanji's level teaches it only in a word read another way (its kun-word); the note names that word. */
  readonly otherReading: number;
  /** No word taught by the kanji's level uses it; the note says so. */
  readonly none: readonly string[];
  /** Reading hints tying the sound to a word of an earlier level (another kanji with that sound). */
  readonly hintKnown: number;
  /** Reading hints tying it to the kanji's word of its own level (no earlier word has the sound). */
  readonly hintLevel: number;
  /** Reading hints saying that no word taught by the kanji's level has the sound. */
  readonly hintNone: readonly string[];
}

export interface Report {
  readonly coverage: Readonly<Record<'N5' | 'N4', Coverage>>;
  /** Vocabulary with the largest gap between its level and its newest kanji's. */
  readonly largestGaps: readonly { characters: string; level: number; kanjiLevel: number }[];
  readonly sentenceShare: number;
  readonly vocabulary: number;
  readonly readingNotes: ReadingNotes;
}

/** Level of the newest kanji of a word, by the taught kanji (undefined when one is not taught). */
export function newestKanjiLevel(word: string, kanjiLevel: ReadonlyMap<string, number>): number | undefined {
  let max = 0;
  for (const k of kanjiOf(word)) {
    const l = kanjiLevel.get(k);
    if (l === undefined) return undefined;
    max = Math.max(max, l);
  }
  return max;
}

export function measure(subjects: readonly SubjectResource[], jlpt: readonly JlptWord[]): Report {
  const live = subjects.filter((s) => s.data.hidden_at === null);
  const kanjiLevel = new Map(live.filter((s) => s.object === 'kanji').map((s) => [s.data.characters, s.data.level]));
  const vocab = live.filter((s) => s.object === 'vocabulary');
  const vocabLevel = new Map(vocab.map((s) => [s.data.characters, s.data.level]));
  // A word usually written in kana (あなた for 貴方) is taught as kana vocabulary under its reading.
  const kanaLevel = new Map(live.filter((s) => s.object === 'kana_vocabulary').map((s) => [s.data.characters, s.data.level]));
  const coverage = (level: number): Coverage => {
    const listed = jlpt.filter((j) => j.level === level && kanjiOf(j.word).length > 0);
    const readingOf = new Map(listed.map((j) => [j.word, j.reading]));
    const words = [...readingOf.keys()];
    let eligible = 0;
    let taught = 0;
    let eligibleBy10 = 0;
    let taughtBy10 = 0;
    const late: string[] = [];
    const missing: string[] = [];
    for (const w of words) {
      const k = newestKanjiLevel(w, kanjiLevel);
      if (k === undefined) continue;
      eligible++;
      const at = vocabLevel.get(w) ?? kanaLevel.get(readingOf.get(w)!);
      if (k <= 10) eligibleBy10++;
      if (at === undefined) {
        missing.push(w);
        continue;
      }
      taught++;
      if (at <= 10 && k <= 10) taughtBy10++;
      if (at - k > 2 && vocabLevel.has(w)) late.push(w);
    }
    return { eligible, taught, eligibleBy10, taughtBy10, late, missing };
  };
  const gaps = vocab
    .map((s) => ({
      characters: s.data.characters,
      level: s.data.level,
      kanjiLevel: newestKanjiLevel(s.data.characters, kanjiLevel) ?? s.data.level,
    }))
    .sort((a, b) => b.level - b.kanjiLevel - (a.level - a.kanjiLevel) || (a.characters < b.characters ? -1 : 1));
  const readingNotes = measureReadingNotes(live, vocabLevel);
  const withSentences = vocab.filter((s) => (s.data as { context_sentences: unknown[] }).context_sentences.length > 0).length;
  return {
    coverage: { N5: coverage(5), N4: coverage(4) },
    largestGaps: gaps.slice(0, 10),
    sentenceShare: vocab.length === 0 ? 0 : withSentences / vocab.length,
    vocabulary: vocab.length,
    readingNotes,
  };
}

function measureReadingNotes(live: readonly SubjectResource[], vocabLevel: ReadonlyMap<string, number>): ReadingNotes {
  const kanji = live.filter((s) => s.object === 'kanji');
  let atLevel = 0;
  let otherReading = 0;
  const none: string[] = [];
  let hintKnown = 0;
  let hintLevel = 0;
  const hintNone: string[] = [];
  for (const k of kanji) {
    const hint = (k.data as { reading_hint: string }).reading_hint;
    if (hint.startsWith(KNOWN_SOUND_HINT)) hintKnown++;
    else if (hint.startsWith(LEVEL_SOUND_HINT)) hintLevel++;
    else hintNone.push(k.data.characters);
    const note = (k.data as { reading_mnemonic: string }).reading_mnemonic;
    const word = /, as in <ja>([^<]+)<\/ja>/.exec(note)?.[1];
    if (word !== undefined && (vocabLevel.get(word) ?? Infinity) <= k.data.level) atLevel++;
    else if (note.includes(LEVEL_WORD_NOTE)) otherReading++;
    else none.push(k.data.characters);
  }
  return { kanji: kanji.length, atLevel, otherReading, none, hintKnown, hintLevel, hintNone };
}

const pct = (n: number, d: number): string => `${d === 0 ? 100 : ((100 * n) / d).toFixed(1)} % (${n} of ${d})`;

const says = (n: number): string => (n === 1 ? 'says' : 'say');

/** Markdown for content/README.md. */
export function reportMarkdown(r: Report): string {
  const n = r.readingNotes;
  const lines = [
    '| list | taught overall | taught by level 10 (words whose kanji are all in levels 1–10) | placed > 2 levels after their newest kanji |',
    '|---|---:|---:|---:|',
  ];
  for (const [name, c] of Object.entries(r.coverage)) {
    lines.push(`| JLPT ${name} | ${pct(c.taught, c.eligible)} | ${pct(c.taughtBy10, c.eligibleBy10)} | ${c.late.length} |`);
  }
  lines.push('');
  for (const [name, c] of Object.entries(r.coverage))
    if (c.missing.length > 0) lines.push(`Not taught (${name}): ${c.missing.join(' ')}.`, '');
  lines.push(
    `Largest placement gaps (level − newest kanji's level): ${r.largestGaps.map((g) => `${g.characters} ${g.level - g.kanjiLevel} (level ${g.level})`).join(', ')}.`,
    '',
    `Context sentences: ${pct(Math.round(r.sentenceShare * r.vocabulary), r.vocabulary)} of vocabulary items have at least one.`,
    '',
    `Kanji reading notes tied to a word taught at or before the kanji's level: ${pct(n.atLevel + n.otherReading, n.kanji)}; ` +
      `${n.atLevel} with a word that uses the taught reading, ${n.otherReading} with the kanji's own word of that level read another way ` +
      `(and where the taught reading is first used). The other ${n.none.length} ${says(n.none.length)} that no word of their level uses the reading yet: ${n.none.join(' ')}.`,
    '',
    `Kanji reading hints tied to a word the learner knows: ${pct(n.hintKnown + n.hintLevel, n.kanji)}; ${n.hintKnown} to the same sound in a word ` +
      `of an earlier level, ${n.hintLevel} (no earlier word has the sound) to the kanji's word of its own level. ` +
      `The other ${n.hintNone.length} ${says(n.hintNone.length)} that no word of their level has the sound yet${n.hintNone.length > 0 ? `: ${n.hintNone.join(' ')}` : ''}.`,
  );
  return lines.join('\n');
}
