// Generated, factual study notes. They only state what the data says (which
// parts a character has, which readings a word is built from); they never
// invent stories. Markup follows the API: English meanings go in <radical>,
// <kanji> or <vocabulary>, readings in <reading>, Japanese text in <ja>.
import type { ReadingType, Segment } from './readings.js';

export interface Named {
  readonly characters: string;
  readonly meaning: string;
}

const ja = (s: string): string => `<ja>${s}</ja>`;
const typeName = (t: ReadingType): string => (t === 'onyomi' ? "on'yomi" : "kun'yomi");

export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function radicalMeaningMnemonic(radical: Named, users: readonly Named[]): string {
  const shown = users.slice(0, 3).map((k) => `${ja(k.characters)} <kanji>${k.meaning}</kanji>`);
  const head = `The radical <radical>${radical.meaning}</radical> (${ja(radical.characters)})`;
  if (users.length === 1) return `${head} is a part of one kanji in this curriculum: ${shown[0]}.`;
  return `${head} is a part of ${users.length} kanji in this curriculum, the first being ${joinList(shown)}.`;
}

export function radicalMeaningHint(sameKanji: (Named & { readonly level: number }) | null): string {
  if (!sameKanji) return '';
  return `The same shape is also taught as the kanji ${ja(sameKanji.characters)} <kanji>${sameKanji.meaning}</kanji> (level ${sameKanji.level}).`;
}

export function kanjiMeaningMnemonic(kanji: Named, radicals: readonly Named[]): string {
  const r = radicals[0];
  if (radicals.length === 1 && r && r.characters === kanji.characters) {
    return `${ja(kanji.characters)} has no smaller parts in this curriculum: its only radical is <radical>${r.meaning}</radical>, the same shape. The kanji means <kanji>${kanji.meaning}</kanji>.`;
  }
  const parts = radicals.map((p) => `<radical>${p.meaning}</radical> (${ja(p.characters)})`);
  const noun = radicals.length === 1 ? 'the radical' : 'the radicals';
  return `${ja(kanji.characters)} is made of ${noun} ${joinList(parts)}. The kanji means <kanji>${kanji.meaning}</kanji>.`;
}

/** Lists the other accepted answers, or "" when there are none. */
export function alsoAcceptedHint(others: readonly string[], tag: 'kanji' | 'vocabulary' | 'radical'): string {
  if (others.length === 0) return '';
  return `Also accepted: ${joinList(others.map((m) => `<${tag}>${m}</${tag}>`))}.`;
}

export interface Example {
  readonly characters: string;
  readonly reading: string;
  readonly meaning: string;
}

export interface LevelledExample extends Example {
  readonly level: number;
}

/** The words a kanji's reading note can point to (plan-vocabulary.ts, readingExamples). */
export interface ReadingNoteWords {
  /** The first word in curriculum order that uses the taught reading. */
  readonly example: LevelledExample | null;
  /** The kanji's first word at its own level, whatever its reading. */
  readonly atLevel: LevelledExample | null;
}

/** How a reading note says that the kanji's level teaches it only in a word read another way (report.ts counts these). */
export const LEVEL_WORD_NOTE = 'With this level you learn';
/** How a reading note says that no word taught by the kanji's level uses the reading (report.ts counts these). */
export const NO_WORD_YET = 'No word taught by this level uses this reading yet';

const wordRef = (e: Example): string => `${ja(e.characters)} (<reading>${e.reading}</reading>) <vocabulary>${e.meaning}</vocabulary>`;

/**
 * Ties the taught reading to a word of the kanji's own level (高 こう, as in 高校). When the only word
 * of that level reads the kanji another way (木 き), the note names it and says where the taught
 * reading is first used; when there is no word at all, it says so.
 */
export function kanjiReadingMnemonic(
  kanji: string,
  level: number,
  emphasis: ReadingType,
  primary: string,
  words: ReadingNoteWords,
): string {
  const head = `The reading taught for ${ja(kanji)} is the ${typeName(emphasis)} <reading>${primary}</reading>`;
  const { example, atLevel } = words;
  if (example && example.level <= level) return `${head}, as in ${wordRef(example)}.`;
  const later = example
    ? `<reading>${primary}</reading> itself is first used in ${wordRef(example)}, level ${example.level}`
    : `no word in this curriculum uses <reading>${primary}</reading>`;
  if (atLevel) return `${head}. ${LEVEL_WORD_NOTE} ${ja(kanji)} in ${wordRef(atLevel)}, where it is read another way; ${later}.`;
  return `${head}. ${NO_WORD_YET}: ${later}.`;
}

export function kanjiReadingHint(others: readonly { readonly type: ReadingType; readonly reading: string }[]): string {
  if (others.length === 0) return '';
  const groups = (['onyomi', 'kunyomi'] as const)
    .map((t) => ({ t, rs: others.filter((o) => o.type === t).map((o) => `<reading>${o.reading}</reading>`) }))
    .filter((g) => g.rs.length > 0)
    .map((g) => `${typeName(g.t)} ${joinList(g.rs)}`);
  return `It also has the ${joinList(groups)}; in a reading quiz these count as a nudge to try again, not as a mistake.`;
}

export function vocabularyMeaningMnemonic(
  word: string,
  meaning: string,
  segments: readonly { readonly text: string; readonly kanjiMeaning: string | null }[],
): string {
  const kanjiParts = segments.filter((s) => s.kanjiMeaning !== null);
  const tail = ` The word means <vocabulary>${meaning}</vocabulary>.`;
  if (segments.length === 1 && kanjiParts.length === 1) {
    return `${ja(word)} is the kanji ${ja(word)} <kanji>${kanjiParts[0]!.kanjiMeaning}</kanji> used as a word on its own.${tail}`;
  }
  // Consecutive kana are merged so that 食べる reads "食 Eat and the kana べる".
  const pieces: string[] = [];
  let kana = '';
  const flush = (): void => {
    if (kana) {
      pieces.push(`the kana ${ja(kana)}`);
      kana = '';
    }
  };
  for (const s of segments) {
    if (s.kanjiMeaning === null) {
      kana += s.text;
      continue;
    }
    flush();
    pieces.push(`${ja(s.text)} <kanji>${s.kanjiMeaning}</kanji>`);
  }
  flush();
  return `${ja(word)} is written with ${joinList(pieces)}.${tail}`;
}

export function vocabularyReadingMnemonic(word: string, reading: string, segments: readonly Segment[] | null): string {
  const head = `${ja(word)} is read <reading>${reading}</reading>`;
  if (!segments) return `${head}. This reading does not split cleanly into the dictionary readings of its kanji, so learn it as a whole.`;
  const kanjiSegs = segments.filter((s) => s.type !== undefined);
  if (kanjiSegs.length === 0) return `${head}.`;
  const parts = segments.map((s) => {
    if (s.type === undefined) return ja(s.text);
    const changed = s.form !== undefined && s.form !== s.reading ? `, a sound change of <reading>${s.form}</reading>` : '';
    return `${ja(s.text)} <reading>${s.reading}</reading> (${typeName(s.type)}${changed})`;
  });
  return `${head}: ${parts.join(' + ')}.`;
}

export function otherReadingsHint(readings: readonly string[]): string {
  if (readings.length === 0) return '';
  return `It can also be read ${joinList(readings.map((r) => `<reading>${r}</reading>`))}.`;
}

export function kanaMeaningMnemonic(word: string, meaning: string, kanjiForm: string | null, katakana: boolean): string {
  const tail = ` It means <vocabulary>${meaning}</vocabulary>.`;
  if (kanjiForm)
    return `${ja(word)} is usually written in kana, although the dictionary also lists the kanji spelling ${ja(kanjiForm)}.${tail}`;
  return `${ja(word)} is written in ${katakana ? 'katakana' : 'hiragana'} alone; there are no kanji to break down.${tail}`;
}

/** How a reading hint starts when it ties the reading to a word from an earlier level (report.ts counts these). */
export const KNOWN_SOUND_HINT = 'You already know the sound';
/** How a reading hint starts when it ties the reading to the kanji's word of its own level (report.ts counts these). */
export const LEVEL_SOUND_HINT = 'With this kanji you learn';
/** How a reading hint says that no word taught by the kanji's level has the sound (report.ts counts these). */
export const NO_SOUND_YET = 'No word taught by this level has the sound';

/**
 * Ties a kanji's taught reading to a word the learner knows: the same sound in a word from an
 * earlier level (高 こう: 学校); else the word of the kanji's own level that uses the reading, or
 * the kanji's word of that level read another way; else it says that no such word exists yet.
 */
export function knownSoundHint(reading: string, level: number, known: LevelledExample | null, words: ReadingNoteWords): string {
  if (known) return `${KNOWN_SOUND_HINT} <reading>${reading}</reading> from ${wordRef(known)}, level ${known.level}.`;
  const { example, atLevel } = words;
  if (example && example.level <= level) return `${LEVEL_SOUND_HINT} the sound <reading>${reading}</reading> in ${wordRef(example)}.`;
  if (atLevel)
    return `${LEVEL_SOUND_HINT} ${wordRef(atLevel)}, its word of this level; the sound <reading>${reading}</reading> comes later.`;
  return `${NO_SOUND_YET} <reading>${reading}</reading>.`;
}
