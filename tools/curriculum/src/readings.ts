// Kanji readings, reading alignment and the reading-emphasis vote.
// Alignment splits a word's reading over its characters using the KANJIDIC
// readings of each kanji (with rendaku and small-っ variants), so both the vote
// and the vocabulary reading breakdown rest on real dictionary readings.
import type { KanjidicEntry } from './kanjidic.js';
import { chars, isKanji, toHiragana } from './text.js';

export type ReadingType = 'onyomi' | 'kunyomi';

export interface KanjiReadings {
  readonly onyomi: readonly string[];
  /** Kun stems (the part before KANJIDIC's '.' okurigana marker). */
  readonly kunyomi: readonly string[];
  readonly nanori: readonly string[];
  /**
   * Written-form variants of each kun reading for alignment: the stem, the full
   * form, and the stem a verb takes before another word when its okurigana is
   * omitted (取.る → とり in 取引, 建.てる → たて in 建物).
   */
  readonly kunForms: readonly { readonly form: string; readonly base: string }[];
}

const I_ROW: Record<string, string> = { う: 'い', く: 'き', ぐ: 'ぎ', す: 'し', つ: 'ち', ぬ: 'に', ぶ: 'び', む: 'み', る: 'り' };

function kunVariants(raw: string): string[] {
  const clean = raw.replace(/-/g, '');
  const [stem = '', okuri = ''] = clean.split('.');
  if (okuri === '') return [stem];
  const out = [stem, stem + okuri];
  const last = okuri.slice(-1);
  const i = I_ROW[last];
  if (i !== undefined) out.push(stem + okuri.slice(0, -1) + i);
  if (last === 'る' && okuri.length > 1) out.push(stem + okuri.slice(0, -1));
  if (last === 'い') out.push(stem + okuri.slice(0, -1));
  return out;
}

const uniq = (xs: string[]): string[] => [...new Set(xs.filter((x) => x.length > 0))];

/**
 * A Sino-Japanese reading is one syllable, optionally followed by ん, a long vowel (う, い) or a
 * final く, き, つ, ち (こく, しょう, がっ→がく). KANJIDIC also lists unit names (打 ダース, 法 フラン,
 * 米 メートル) and dialect readings; they fail this shape and are not taught.
 */
const ON_SHAPE = /^[\u3041-\u3094](?:[ゃゅょ])?(?:ん|う|い|く|き|つ|ち)?$/;

export function kanjiReadings(entry: KanjidicEntry, dropped: ReadonlySet<string> = new Set()): KanjiReadings {
  const onyomi = uniq(entry.on.map((r) => toHiragana(r.replace(/-/g, '')))).filter((r) => ON_SHAPE.test(r) && !dropped.has(r));
  // A kun'yomi written in katakana is a loanword unit name (志 シリング), not a reading to learn.
  const kun = entry.kun.filter((r) => !/[\u30a1-\u30faー]/.test(r) && !dropped.has(r.split('.')[0]!.replace(/-/g, '')));
  const kunyomi = uniq(kun.map((r) => r.split('.')[0]!.replace(/-/g, '')));
  const nanori = uniq(entry.nanori.map((r) => toHiragana(r.replace(/-/g, ''))));
  const seen = new Set<string>();
  const kunForms: { form: string; base: string }[] = [];
  for (const raw of kun) {
    const base = raw.split('.')[0]!.replace(/-/g, '');
    for (const form of kunVariants(raw)) {
      if (form.length === 0 || seen.has(form)) continue;
      seen.add(form);
      kunForms.push({ form, base });
    }
  }
  return { onyomi, kunyomi, nanori, kunForms };
}

const VOICED: Record<string, string[]> = {
  か: ['が'],
  き: ['ぎ'],
  く: ['ぐ'],
  け: ['げ'],
  こ: ['ご'],
  さ: ['ざ'],
  し: ['じ'],
  す: ['ず'],
  せ: ['ぜ'],
  そ: ['ぞ'],
  た: ['だ'],
  ち: ['ぢ', 'じ'],
  つ: ['づ', 'ず'],
  て: ['で'],
  と: ['ど'],
  は: ['ば', 'ぱ'],
  ひ: ['び', 'ぴ'],
  ふ: ['ぶ', 'ぷ'],
  へ: ['べ', 'ぺ'],
  ほ: ['ぼ', 'ぽ'],
};

/** Sound changes a reading undergoes inside a compound. */
export function readingVariants(reading: string, initial: boolean, final: boolean): string[] {
  const out = [reading];
  const head = chars(reading)[0] ?? '';
  if (!initial) for (const v of VOICED[head] ?? []) out.push(v + reading.slice(head.length));
  if (!final && /[つくちき]$/.test(reading) && reading.length > 1) {
    for (const r of [...out]) out.push(r.slice(0, -1) + 'っ');
  }
  return out;
}

export interface Segment {
  readonly text: string;
  readonly reading: string;
  /** Set for kanji segments. */
  readonly type?: ReadingType;
  /** The dictionary reading the segment comes from (before sound changes), for kanji segments. */
  readonly base?: string;
  /** The written form before rendaku or small-っ changes (for kun'yomi it may include okurigana). */
  readonly form?: string;
}

export type ReadingsOf = (kanji: string) => KanjiReadings | undefined;

/**
 * Splits `reading` over the characters of `word`. Kanji take one of their
 * readings, 々 repeats the previous kanji, kana must match. Returns null when
 * the reading is not made of the kanji's dictionary readings (e.g. 今日 きょう).
 */
export function alignReading(word: string, reading: string, readingsOf: ReadingsOf, prefer: ReadingType = 'onyomi'): Segment[] | null {
  const cs = chars(word);
  const target = toHiragana(reading);
  const allKanji = cs.every((c) => isKanji(c));
  const order: ReadingType[] = allKanji && cs.length > 1 ? [prefer, prefer === 'onyomi' ? 'kunyomi' : 'onyomi'] : ['kunyomi', 'onyomi'];
  const walk = (i: number, pos: number, prev: string | null): Segment[] | null => {
    if (i === cs.length) return pos === target.length ? [] : null;
    const c = cs[i]!;
    const ch = c === '々' && prev !== null ? prev : c;
    if (!isKanji(ch) || ch === '々') {
      const k = toHiragana(c);
      if (!target.startsWith(k, pos)) return null;
      const rest = walk(i + 1, pos + k.length, null);
      return rest ? [{ text: c, reading: k }, ...rest] : null;
    }
    const r = readingsOf(ch);
    if (!r) return null;
    for (const type of order) {
      const forms = type === 'onyomi' ? r.onyomi.map((o) => ({ form: o, base: o })) : r.kunForms;
      for (const { form, base } of forms) {
        for (const v of readingVariants(form, i === 0, i === cs.length - 1)) {
          if (!target.startsWith(v, pos)) continue;
          const rest = walk(i + 1, pos + v.length, ch);
          if (rest) return [{ text: c, reading: v, type, base, form }, ...rest];
        }
      }
    }
    return null;
  };
  return walk(0, 0, null);
}

export interface VoteWord {
  readonly word: string;
  readonly reading: string;
  readonly weight: number;
}

export interface VoteResult {
  readonly onyomi: number;
  readonly kunyomi: number;
  /** Weighted hits per dictionary reading (base form, not the sound-changed variant). */
  readonly byReading: ReadonlyMap<string, number>;
}

/** Counts which reading type of `kanji` its words use. */
export function voteReadings(kanji: string, words: readonly VoteWord[], readingsOf: ReadingsOf): VoteResult {
  const own = readingsOf(kanji);
  let onyomi = 0;
  let kunyomi = 0;
  const byReading = new Map<string, number>();
  if (!own) return { onyomi, kunyomi, byReading };
  for (const w of words) {
    const segments = alignReading(w.word, w.reading, readingsOf);
    if (!segments) continue;
    for (const seg of segments) {
      if (seg.text !== kanji || seg.type === undefined || seg.base === undefined) continue;
      if (seg.type === 'onyomi') onyomi += w.weight;
      else kunyomi += w.weight;
      const key = `${seg.type}:${seg.base}`;
      byReading.set(key, (byReading.get(key) ?? 0) + w.weight);
    }
  }
  return { onyomi, kunyomi, byReading };
}

export interface EmphasisChoice {
  readonly emphasis: ReadingType;
  readonly primary: string;
}

/** The emphasised type wins the vote (ties go to on'yomi); a kanji without on'yomi is kun'yomi. */
export function chooseEmphasis(readings: KanjiReadings, vote: VoteResult): EmphasisChoice {
  let emphasis: ReadingType = vote.kunyomi > vote.onyomi ? 'kunyomi' : 'onyomi';
  if (readings.onyomi.length === 0) emphasis = 'kunyomi';
  if (readings.kunyomi.length === 0) emphasis = 'onyomi';
  const list = emphasis === 'onyomi' ? readings.onyomi : readings.kunyomi;
  let primary = list[0] ?? '';
  let best = -1;
  for (const r of list) {
    const hits = vote.byReading.get(`${emphasis}:${r}`) ?? 0;
    if (hits > best) {
      best = hits;
      primary = r;
    }
  }
  return { emphasis, primary };
}
