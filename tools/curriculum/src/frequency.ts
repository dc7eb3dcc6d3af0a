// How often a word is used, as a Zipf value (log10 of uses per billion words): general and spoken
// frequency from wordfreq (subtitles, Wikipedia, web, Twitter) where its tokens show the word, and
// JMdict's priority tags otherwise (MeCab splits some compounds, 一人 → 一 + 人, so wordfreq cannot
// see them). Newspaper bands alone over-rank news compounds, so the tags only set a floor.
import type { PairInfo, Priority } from './jmdict-priority.js';
import { chars } from './text.js';

export const FREQUENCY_KNOBS = {
  /** Tags estimate newspaper use; they count this much less than wordfreq's mixed sources. */
  tagDiscount: 0.4,
  /** Zipf assumed for a form whose best tag is ichi1/spec1/gai1 (common in general lists) or news1 without a band. */
  generalListZipf: 4.2,
  newsOnlyZipf: 3.8,
  /** A kana spelling's inflected forms count only from this length (see corpusPerBillion). */
  kanaMinStem: 3,
} as const;

const GODAN_ENDINGS: Readonly<Record<string, readonly string[]>> = {
  う: ['わ', 'い', 'う', 'え', 'お', 'っ'],
  く: ['か', 'き', 'く', 'け', 'こ', 'い'],
  ぐ: ['が', 'ぎ', 'ぐ', 'げ', 'ご', 'い'],
  す: ['さ', 'し', 'す', 'せ', 'そ'],
  つ: ['た', 'ち', 'つ', 'て', 'と', 'っ'],
  ぬ: ['な', 'に', 'ぬ', 'ね', 'の', 'ん'],
  ぶ: ['ば', 'び', 'ぶ', 'べ', 'ぼ', 'ん'],
  む: ['ま', 'み', 'む', 'め', 'も', 'ん'],
  る: ['ら', 'り', 'る', 'れ', 'ろ', 'っ'],
};

/**
 * Surface forms MeCab produces for a word: the word itself and, for verbs and い adjectives, the
 * inflected stems (食べる: 食べ; 行く: 行か 行き 行け 行こ 行っ; 高い: 高く 高かっ 高けれ).
 */
export function surfaceForms(word: string, posCodes: readonly string[]): string[] {
  const cs = chars(word);
  const last = cs[cs.length - 1] ?? '';
  const stem = cs.slice(0, -1).join('');
  const out = new Set([word]);
  if (stem.length === 0) return [...out];
  if (posCodes.some((p) => p === 'v1' || p === 'vz')) out.add(stem);
  for (const p of posCodes) {
    if (/^v5/.test(p)) for (const e of GODAN_ENDINGS[last] ?? []) out.add(stem + e);
    if (p === 'vk' && last === 'る') out.add(stem);
  }
  if (posCodes.includes('adj-i') && last === 'い') for (const e of ['く', 'かっ', 'けれ', 'さ']) out.add(stem + e);
  return [...out];
}

/** Zipf estimate from a written form's priority tags (null when it has none). */
export function tagZipf(p: Priority): number | null {
  // A band nfXX means a newspaper rank near 500·XX.
  const band = p.nf === null ? null : 8.3 - Math.log10(500 * p.nf);
  const general = p.tags.some((t) => t === 'ichi1' || t === 'spec1' || t === 'gai1') ? FREQUENCY_KNOBS.generalListZipf : null;
  const news = p.tags.includes('news1') ? FREQUENCY_KNOBS.newsOnlyZipf : null;
  const all = [band, general, news].filter((z): z is number => z !== null);
  return all.length > 0 ? Math.max(...all) : null;
}

/**
 * Uses per billion words of the given spellings over their surface forms. A kana word's short
 * stems are mostly other words (かむ: かみ 紙, かも; つぐ: つぎ 次, つい), so for kana spellings only
 * forms of at least `KANA_MIN_STEM` characters count besides the word itself.
 */
function corpusPerBillion(spellings: readonly string[], posCodes: readonly string[], wordfreq: ReadonlyMap<string, number>): number {
  let perBillion = 0;
  const seen = new Set<string>();
  for (const spelling of spellings) {
    const kanaOnly = chars(spelling).every((c) => !/\p{Script=Han}/u.test(c));
    for (const form of surfaceForms(spelling, posCodes)) {
      if (seen.has(form) || (kanaOnly && form !== spelling && chars(form).length < FREQUENCY_KNOBS.kanaMinStem)) continue;
      seen.add(form);
      const z = wordfreq.get(form);
      if (z !== undefined) perBillion += 10 ** z;
    }
  }
  return perBillion;
}

/**
 * The word's frequency: wordfreq over its surface forms, with the discounted tag estimate as a floor.
 * `otherSpellings` are counted too: a word usually written in kana is still often written in kanji
 * (きれい and 綺麗 are one word), so both spellings' uses add up.
 */
export function wordZipf(
  word: string,
  posCodes: readonly string[],
  wordfreq: ReadonlyMap<string, number>,
  tags: PairInfo | undefined,
  otherSpellings: readonly string[] = [],
): number {
  const perBillion = corpusPerBillion([word, ...otherSpellings], posCodes, wordfreq);
  const fromCorpus = perBillion > 0 ? Math.log10(perBillion) : 0;
  const fromTags = tags ? tagZipf(tags.formTags) : null;
  return Math.max(fromCorpus, fromTags === null ? 0 : fromTags - FREQUENCY_KNOBS.tagDiscount);
}
