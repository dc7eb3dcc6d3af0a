// Radical and kanji subjects from the selection, the curation files and the vote.
import { commonData, kebab, meaningFields, type Planned } from './common.js';
import type { EmphasisOverride, KanjiMeaningRow, RadicalName } from './curation.js';
import { CurationError } from './curation.js';
import { buildMeaningSet, cleanKanjiMeanings, titleCase, type MeaningSet } from './meanings.js';
import {
  alsoAcceptedHint,
  knownSoundHint,
  kanjiMeaningMnemonic,
  kanjiReadingHint,
  kanjiReadingMnemonic,
  radicalMeaningHint,
  radicalMeaningMnemonic,
  type LevelledExample,
  type ReadingNoteWords,
} from './mnemonics.js';
import type { RadicalPlan } from './radicals.js';
import { chooseEmphasis, type EmphasisChoice, type KanjiReadings, type ReadingsOf, type VoteWord, voteReadings } from './readings.js';
import type { LevelledKanji } from './select-kanji.js';
import type { KanjiData, KanjiReading, RadicalData } from './types.js';

export const KANJI_FIELD_KNOBS = { acceptedMeanings: 3 } as const;

export interface KanjiMeaning {
  readonly set: MeaningSet;
  readonly blacklist: readonly string[];
}

export function kanjiMeanings(kanji: readonly LevelledKanji[], rows: ReadonlyMap<string, KanjiMeaningRow>): Map<string, KanjiMeaning> {
  const out = new Map<string, KanjiMeaning>();
  const missing = kanji.filter((k) => !rows.has(k.literal)).map((k) => k.literal);
  if (missing.length > 0)
    throw new CurationError(`kanji-meanings.tsv has no row for ${missing.length} kanji: ${missing.join(' ')}. Review each and add a row.`);
  const byPrimary = new Map<string, string>();
  for (const k of kanji) {
    const o = rows.get(k.literal)!;
    const other = byPrimary.get(o.primary.toLowerCase());
    if (other !== undefined && !o.sameAs.includes(other)) {
      throw new CurationError(
        `kanji-meanings.tsv: ${k.literal} and ${other} share the primary "${o.primary}"; choose another or name ${other} under "same as"`,
      );
    }
    byPrimary.set(o.primary.toLowerCase(), k.literal);
    const blacklist = o.blacklist.map(titleCase);
    const candidates = [o.primary, ...o.also, ...cleanKanjiMeanings(k.entry.meanings)].filter((m) => !blacklist.includes(titleCase(m)));
    const set = buildMeaningSet(candidates, KANJI_FIELD_KNOBS.acceptedMeanings)!;
    out.set(k.literal, { set, blacklist });
  }
  return out;
}

export function kanjiEmphasis(
  kanji: readonly LevelledKanji[],
  voteWords: ReadonlyMap<string, readonly VoteWord[]>,
  readingsOf: ReadingsOf,
  overrides: ReadonlyMap<string, EmphasisOverride>,
): Map<string, EmphasisChoice> {
  const out = new Map<string, EmphasisChoice>();
  for (const k of kanji) {
    const readings = readingsOf(k.literal)!;
    const vote = voteReadings(k.literal, voteWords.get(k.literal) ?? [], readingsOf);
    const o = overrides.get(k.literal);
    let choice = chooseEmphasis(readings, vote);
    if (o) {
      const list = o.emphasis === 'onyomi' ? readings.onyomi : readings.kunyomi;
      if (list.length === 0) throw new CurationError(`reading-emphasis.tsv: ${k.literal} has no ${o.emphasis}`);
      if (o.primary !== null && !list.includes(o.primary))
        throw new CurationError(`reading-emphasis.tsv: ${k.literal} has no ${o.emphasis} ${o.primary}`);
      const auto = chooseEmphasis(o.emphasis === 'onyomi' ? { ...readings, kunyomi: [] } : { ...readings, onyomi: [] }, vote);
      choice = { emphasis: o.emphasis, primary: o.primary ?? auto.primary };
    }
    out.set(k.literal, choice);
  }
  return out;
}

/**
 * Readings with the emphasised type accepted; each reading string appears once (the emphasised type
 * wins). Nanori (readings used only in names) are not taught: a learner typing one would be marked
 * neither right nor usefully nudged, and KANJIDIC lists hundreds that words never use.
 */
export function kanjiReadingList(r: KanjiReadings, choice: EmphasisChoice): KanjiReading[] {
  const typed: { type: KanjiReading['type']; reading: string }[] = [
    ...(choice.emphasis === 'onyomi' ? r.onyomi : r.kunyomi).map((reading) => ({ type: choice.emphasis, reading })),
    ...(choice.emphasis === 'onyomi' ? r.kunyomi : r.onyomi).map((reading) => ({
      type: choice.emphasis === 'onyomi' ? ('kunyomi' as const) : ('onyomi' as const),
      reading,
    })),
  ];
  const seen = new Set<string>();
  const out: KanjiReading[] = [];
  for (const t of typed) {
    if (seen.has(t.reading)) continue;
    seen.add(t.reading);
    out.push({
      type: t.type,
      primary: t.type === choice.emphasis && t.reading === choice.primary,
      reading: t.reading,
      accepted_answer: t.type === choice.emphasis,
    });
  }
  return out;
}

export function planRadicals(
  radicals: readonly RadicalPlan[],
  names: ReadonlyMap<string, RadicalName>,
  kanjiMeaning: ReadonlyMap<string, KanjiMeaning>,
  kanjiLevel: ReadonlyMap<string, number>,
): Planned<RadicalData>[] {
  const missing = radicals.filter((r) => !names.has(r.character)).map((r) => r.character);
  if (missing.length > 0) {
    throw new CurationError(`radical-names.tsv has no name for ${missing.length} radical(s): ${missing.join(' ')}. Add a row for each.`);
  }
  const slugs = new Map<string, string>();
  return radicals.map((r) => {
    const name = names.get(r.character)!;
    const slug = kebab(name.name);
    const clash = slugs.get(slug);
    if (clash !== undefined) throw new CurationError(`radical-names.tsv: ${r.character} and ${clash} both give the slug "${slug}"`);
    slugs.set(slug, r.character);
    const set = buildMeaningSet([name.name, ...name.also], 1)!;
    const users = r.kanji.map((k) => ({ characters: k, meaning: kanjiMeaning.get(k)?.set.primary ?? '' }));
    const sameLevel = kanjiLevel.get(r.character);
    const same =
      sameLevel !== undefined
        ? { characters: r.character, meaning: kanjiMeaning.get(r.character)?.set.primary ?? '', level: sameLevel }
        : null;
    const common = commonData('radical', {
      level: r.level,
      position: r.position,
      slug,
      characters: r.character,
      ...meaningFields(set),
      meaning_mnemonic: radicalMeaningMnemonic({ characters: r.character, meaning: set.primary }, users),
      meaning_hint: radicalMeaningHint(same),
    });
    return { type: 'radical', key: r.character, componentKeys: [], similarKeys: [], data: { ...common, character_images: [] } };
  });
}

export function planKanji(
  kanji: readonly LevelledKanji[],
  radicalsOf: ReadonlyMap<string, readonly string[]>,
  names: ReadonlyMap<string, RadicalName>,
  meanings: ReadonlyMap<string, KanjiMeaning>,
  emphasis: ReadonlyMap<string, EmphasisChoice>,
  wordsFor: (kanji: string, choice: EmphasisChoice, level: number) => ReadingNoteWords,
  /** A word from an earlier level with the same sound (see knownSounds). */
  soundFor: (kanji: string, reading: string, level: number) => LevelledExample | null,
  lookalikes: ReadonlyMap<string, readonly string[]>,
  readingsOf: ReadingsOf,
): Planned<KanjiData>[] {
  const taught = new Set(kanji.map((k) => k.literal));
  return kanji.map((k) => {
    const m = meanings.get(k.literal)!;
    const choice = emphasis.get(k.literal)!;
    const radicals = radicalsOf.get(k.literal) ?? [];
    const readings = kanjiReadingList(readingsOf(k.literal)!, choice);
    const words = wordsFor(k.literal, choice, k.level);
    const others = readings
      .filter((r) => r.type !== 'nanori' && !r.accepted_answer)
      .map((r) => ({ type: r.type as 'onyomi' | 'kunyomi', reading: r.reading }));
    const common = commonData('kanji', {
      level: k.level,
      position: k.position,
      slug: k.literal,
      characters: k.literal,
      ...meaningFields(m.set, m.blacklist),
      meaning_mnemonic: kanjiMeaningMnemonic(
        { characters: k.literal, meaning: m.set.primary },
        radicals.map((r) => ({ characters: r, meaning: names.get(r)?.name ?? r })),
      ),
      meaning_hint: alsoAcceptedHint([...m.set.accepted.slice(1), ...m.set.whitelist], 'kanji'),
    });
    return {
      type: 'kanji',
      key: k.literal,
      componentKeys: radicals,
      similarKeys: (lookalikes.get(k.literal) ?? []).filter((s) => s !== k.literal && taught.has(s)),
      data: {
        ...common,
        readings,
        reading_mnemonic: kanjiReadingMnemonic(k.literal, k.level, choice.emphasis, choice.primary, words),
        reading_hint: [
          knownSoundHint(choice.primary, k.level, soundFor(k.literal, choice.primary, k.level), words),
          kanjiReadingHint(others),
        ]
          .filter((t) => t !== '')
          .join(' '),
      },
    };
  });
}
