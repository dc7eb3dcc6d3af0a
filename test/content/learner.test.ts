// What the committed curriculum teaches, checked the way a learner and a teacher would: the core
// words early and near their kanji, every Jōyō kanji, clean answers, sentences. Reads only
// committed files (the dataset, the curation files and the derived JLPT list).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJlpt } from '../../tools/curriculum/src/derived.js';
import { NOTATION } from '../../tools/curriculum/src/meanings.js';
import { LEVEL_WORD_NOTE, NO_SOUND_YET, NO_WORD_YET } from '../../tools/curriculum/src/mnemonics.js';
import { measure, newestKanjiLevel } from '../../tools/curriculum/src/report.js';
import type { SubjectResource } from '../../tools/curriculum/src/types.js';
import { decodeSubjects } from '../../tools/curriculum/src/write.js';

const DIR = join(import.meta.dirname, '../../content/open-curriculum');
const subjects = decodeSubjects(readFileSync(join(DIR, 'subjects.jsonl.gz')));
const live = subjects.filter((s) => s.data.hidden_at === null);
const ofType = (t: SubjectResource['object']) => live.filter((s) => s.object === t);
const kanjiLevel = new Map(ofType('kanji').map((k) => [k.data.characters, k.data.level]));
const report = measure(subjects, readJlpt());
const curationRows = (file: string): string[][] =>
  readFileSync(join(DIR, 'curation', file), 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.split('\t'));
type Reading = { primary: boolean; reading: string };
const primaryReadingOf = (s: SubjectResource): string =>
  ((s.data as { readings?: Reading[] }).readings ?? []).find((r) => r.primary)?.reading ?? '';
const primaryMeaningOf = (s: SubjectResource): string => s.data.meanings.find((m) => m.primary)!.meaning;

describe('the curriculum a learner studies', () => {
  it('teaches all 2,136 Jōyō kanji, so no word needs a mixed-script spelling', () => {
    expect(ofType('kanji')).toHaveLength(2136);
    expect(new Set(ofType('kanji').map((k) => k.data.characters)).size).toBe(2136);
    // Kanji the first release left out, whose words were spelled あい昧 or 氾らん.
    for (const k of '曖璧蹴鬱籠顎昧氾'.split('')) expect(kanjiLevel.has(k), k).toBe(true);
    const words = new Set(ofType('vocabulary').map((v) => v.data.characters));
    expect(words.has('曖昧')).toBe(true);
    for (const mixed of ['あい昧', '氾らん', '完ぺき']) expect(words.has(mixed), mixed).toBe(false);
  });

  it('covers the JLPT N5 and N4 community lists, at most two levels after the newest kanji', () => {
    const { N5, N4 } = report.coverage;
    expect(N5.taught / N5.eligible).toBeGreaterThanOrEqual(0.95);
    expect(N4.taught / N4.eligible).toBeGreaterThanOrEqual(0.9);
    expect(N5.taughtBy10 / N5.eligibleBy10).toBeGreaterThanOrEqual(0.95);
    expect(N5.late).toEqual([]);
    expect(N4.late).toEqual([]);
    for (const w of [
      '食べる',
      '見る',
      '行く',
      '来る',
      '読む',
      '話す',
      '聞く',
      '人',
      '一人',
      '日本',
      '東京',
      '好き',
      '時計',
      '言葉',
      '月曜日',
      '赤い',
      '白い',
      '多い',
      '長い',
      '安い',
      '高い',
      '新しい',
      '持つ',
      '明るい',
      '去年',
      '昨日',
      'お父さん',
      '時々',
    ]) {
      const v = ofType('vocabulary').find((s) => s.data.characters === w);
      expect(v, w).toBeDefined();
      expect(v!.data.level - newestKanjiLevel(w, kanjiLevel)!, w).toBeLessThanOrEqual(2);
    }
  });

  it('teaches the common reading and meaning of the words the first release got wrong', () => {
    const vocab = (c: string) => ofType('vocabulary').find((s) => s.data.characters === c)!;
    const primaryReading = (c: string) =>
      (vocab(c).data as { readings: { primary: boolean; reading: string }[] }).readings.find((r) => r.primary)!.reading;
    expect(primaryReading('本')).toBe('ほん');
    expect(vocab('本').data.meanings[0]!.meaning).toBe('Book');
    expect(primaryReading('今日')).toBe('きょう');
    expect(primaryReading('一人')).toBe('ひとり');
    expect(vocab('人').data.meanings[0]!.meaning).toBe('Person');
    // Chosen by hand in vocabulary-readings.tsv, where the dictionary's order would teach another reading.
    expect([primaryReading('行き'), primaryReading('一月'), primaryReading('四'), primaryReading('街')]).toEqual([
      'いき',
      'いちがつ',
      'よん',
      'まち',
    ]);
    expect(vocab('一月').data.meanings[0]!.meaning).toBe('January');
  });

  it('has every primary reading and meaning of levels 1–20 reviewed, row by row, in vocabulary-review.tsv', () => {
    const reviewed = new Set(curationRows('vocabulary-review.tsv').map((r) => r.join('\t')));
    const built = live
      .filter((s) => (s.object === 'vocabulary' || s.object === 'kana_vocabulary') && s.data.level <= 20)
      .map((s) => [s.data.level, s.object, s.data.characters, primaryReadingOf(s), primaryMeaningOf(s)].join('\t'));
    expect(built.length).toBeGreaterThan(1000);
    expect(built.filter((row) => !reviewed.has(row))).toEqual([]);
    expect(reviewed.size).toBe(built.length);
  });

  it('applies every row of the vocabulary curation files, each with its reason', () => {
    const keys = new Map(live.map((s) => [`${s.object}:${s.data.characters}`, s]));
    for (const [type, characters, primary, , , reason] of curationRows('meaning-overrides.tsv')) {
      const s = keys.get(`${type}:${characters}`);
      expect(s, `meaning-overrides.tsv: ${type} ${characters}`).toBeDefined();
      expect(primaryMeaningOf(s!)).toBe(primary);
      expect(reason?.length, `reason for ${characters}`).toBeGreaterThan(0);
    }
    for (const [characters, reading, reason] of curationRows('vocabulary-readings.tsv')) {
      const s = keys.get(`vocabulary:${characters}`);
      expect(s, `vocabulary-readings.tsv: ${characters}`).toBeDefined();
      expect(primaryReadingOf(s!)).toBe(reading);
      expect(reason?.length, `reason for ${characters}`).toBeGreaterThan(0);
    }
    for (const [action, type, characters, reason] of curationRows('vocabulary-deny-allow.tsv')) {
      expect(reason?.length, `reason for ${characters}`).toBeGreaterThan(0);
      if (action === 'deny') expect(keys.has(`${type}:${characters}`), `denied ${characters}`).toBe(false);
    }
  });

  it("ties each kanji's reading to a word and its meaning note to the curated radical names", () => {
    const radicalName = new Map(ofType('radical').map((r) => [r.id, primaryMeaningOf(r)]));
    const kanji = ofType('kanji');
    const withWord = kanji.filter((k) => /<vocabulary>[^<]+<\/vocabulary>/.test((k.data as { reading_mnemonic: string }).reading_mnemonic));
    expect(withWord.length / kanji.length).toBeGreaterThanOrEqual(0.99);
    // The word the note names is taught by the kanji's own level (高: 高校), or the note names the
    // kanji's word of that level read another way (木: 木 き), or it says honestly that none exists.
    const notes = report.readingNotes;
    expect(notes.kanji).toBe(2136);
    expect((notes.atLevel + notes.otherReading) / notes.kanji).toBeGreaterThanOrEqual(0.98);
    expect(notes.none.length).toBeLessThanOrEqual(25);
    for (const c of notes.none) {
      const note = (kanji.find((k) => k.data.characters === c)!.data as { reading_mnemonic: string }).reading_mnemonic;
      expect(note, c).toContain(NO_WORD_YET);
    }
    // The reading hint ties the sound to a word from an earlier level, or to the kanji's word of its own level.
    expect((notes.hintKnown + notes.hintLevel) / notes.kanji).toBeGreaterThanOrEqual(0.98);
    for (const c of notes.hintNone) {
      const hint = (kanji.find((k) => k.data.characters === c)!.data as { reading_hint: string }).reading_hint;
      expect(hint, c).toContain(NO_SOUND_YET);
    }
    const noteOf = (c: string) => (kanji.find((k) => k.data.characters === c)!.data as { reading_mnemonic: string }).reading_mnemonic;
    expect(noteOf('高')).toMatch(/, as in <ja>[^<]*高[^<]*<\/ja>/);
    expect(noteOf('木')).toContain(LEVEL_WORD_NOTE);
    const knownSound = kanji.filter((k) =>
      ((k.data as { reading_hint: string }).reading_hint ?? '').includes('You already know the sound'),
    );
    // The rest have no earlier word with that sound (a level-1 kanji, or a sound no earlier word uses).
    expect(knownSound.length / kanji.length).toBeGreaterThanOrEqual(0.7);
    for (const k of kanji) {
      const note = (k.data as { meaning_mnemonic: string }).meaning_mnemonic;
      for (const id of k.data.component_subject_ids) expect(note, k.data.characters).toContain(`<radical>${radicalName.get(id)}</radical>`);
    }
  });

  it('shows plain, short primary meanings in the first 20 levels, reviewed into meaning-overrides.tsv', () => {
    const early = live.filter((s) => (s.object === 'vocabulary' || s.object === 'kana_vocabulary') && s.data.level <= 20);
    const odd = early
      .map((s) => `${s.data.characters}: ${s.data.meanings[0]!.meaning}`)
      .filter((m) => /: (Counter for|Prefix for)|.{34,}$/.test(m));
    expect(odd).toEqual([]);
  });

  it('places no word more than ten levels after its newest kanji', () => {
    for (const v of ofType('vocabulary')) {
      expect(v.data.level - newestKanjiLevel(v.data.characters, kanjiLevel)!, v.data.characters).toBeLessThanOrEqual(10);
    }
  });

  it('gives later levels more words than earlier ones', () => {
    const perLevel = (from: number, to: number) => {
      const n = ofType('vocabulary').filter((v) => v.data.level >= from && v.data.level <= to).length;
      return n / (to - from + 1);
    };
    expect(perLevel(1, 10)).toBeLessThan(perLevel(11, 20));
    expect(perLevel(11, 20)).toBeLessThan(perLevel(21, 30));
    expect(perLevel(21, 30)).toBeLessThan(perLevel(31, 40));
    expect(perLevel(31, 40)).toBeLessThan(perLevel(41, 50));
  });

  it('brings a kanji taught by a kun reading its own word, at or right after its level', () => {
    // Kanji whose kun reading lives only in compounds or names are listed, with the reason, in reading-emphasis.tsv.
    const curated = new Set(
      readFileSync(join(DIR, 'curation/reading-emphasis.tsv'), 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('#'))
        .map((l) => l.split('\t')[0]!),
    );
    const missing: string[] = [];
    for (const k of ofType('kanji')) {
      if (curated.has(k.data.characters)) continue;
      const readings = (k.data as { readings: { type: string; primary: boolean }[] }).readings;
      if (readings.find((r) => r.primary)!.type !== 'kunyomi') continue;
      const own = ofType('vocabulary').some(
        (v) => new RegExp(`^${k.data.characters}[\\u3041-\\u309f]*$`).test(v.data.characters) && v.data.level <= k.data.level + 1,
      );
      if (!own) missing.push(k.data.characters);
    }
    expect(missing).toEqual([]);
  });

  it('teaches about 60 to 150 kana words, the common ones (demonstratives, question words, adverbs, loanwords) in the first ten levels', () => {
    const kana = ofType('kana_vocabulary');
    expect(kana.length).toBeGreaterThanOrEqual(60);
    expect(kana.length).toBeLessThanOrEqual(150);
    const early = new Set(kana.filter((k) => k.data.level <= 10).map((k) => k.data.characters));
    for (const w of [
      'これ',
      'それ',
      'あれ',
      'この',
      'その',
      'あの',
      'ここ',
      'そこ',
      'どこ',
      'どう',
      'なぜ',
      'いつ',
      'テレビ',
      'する',
      'あなた',
      // Ranked by real frequency: the everyday adjectives, adverbs, question words and loanwords come early.
      'きれい',
      'おいしい',
      'たくさん',
      'ちょっと',
      'もう',
      'まだ',
      'すぐ',
      'とても',
      'いつも',
      'もっと',
      'ずっと',
      'ゆっくり',
      'どんな',
      'どうして',
      'いくら',
      'いくつ',
      'はい',
      'いいえ',
      'ありがとう',
      'コーヒー',
      'トイレ',
      'ホテル',
      'ニュース',
      'バス',
    ])
      expect(early.has(w), w).toBe(true);
    expect(early.size).toBeGreaterThanOrEqual(100);
    const meaning = (c: string) => kana.find((k) => k.data.characters === c)?.data.meanings[0]!.meaning;
    expect(meaning('なる')).toBe('To Become');
    expect(meaning('ない')).toBe('Not');
  });

  it('shows no dictionary notation in any answer', () => {
    const bad: string[] = [];
    for (const s of live) {
      for (const m of [...s.data.meanings.map((x) => x.meaning), ...s.data.auxiliary_meanings.map((x) => x.meaning)]) {
        if (NOTATION.test(m)) bad.push(`${s.data.characters}: ${m}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('gives no two kanji the same primary meaning unless kanji-meanings.tsv says they mean the same', () => {
    const rows = readFileSync(join(DIR, 'curation/kanji-meanings.tsv'), 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split('\t'));
    expect(rows).toHaveLength(2136);
    for (const r of rows) expect(r[5]?.length, `reason for ${r[0]}`).toBeGreaterThan(0);
    const sameAs = new Map(rows.map((r) => [r[0]!, (r[4] ?? '').split(',').filter(Boolean)]));
    const byPrimary = new Map<string, string[]>();
    for (const k of ofType('kanji')) {
      const p = k.data.meanings[0]!.meaning.toLowerCase();
      byPrimary.set(p, [...(byPrimary.get(p) ?? []), k.data.characters]);
    }
    for (const [p, ks] of byPrimary) {
      if (ks.length < 2) continue;
      for (const k of ks)
        expect(
          ks.filter((x) => x !== k).every((x) => sameAs.get(k)!.includes(x)),
          `${p}: ${ks.join(' ')}`,
        ).toBe(true);
    }
    const primary = (c: string) => ofType('kanji').find((k) => k.data.characters === c)!.data.meanings[0]!.meaning;
    expect([primary('召'), primary('座'), primary('侍'), primary('魔'), primary('更')]).toEqual([
      'Summon',
      'Sit',
      'Samurai',
      'Demon',
      'Renew',
    ]);
  });

  it('teaches no nanori and no junk readings', () => {
    for (const k of ofType('kanji')) {
      const readings = (k.data as { readings: { type: string; reading: string }[] }).readings;
      for (const r of readings) {
        expect(r.type, k.data.characters).not.toBe('nanori');
        expect(r.reading, k.data.characters).not.toMatch(/ー/);
      }
    }
    const readingsOf = (c: string) =>
      (ofType('kanji').find((k) => k.data.characters === c)!.data as { readings: { reading: string }[] }).readings.map((r) => r.reading);
    expect(readingsOf('打')).not.toContain('だーす');
    expect(readingsOf('法')).not.toContain('ふらん');
    expect(readingsOf('上')).not.toContain('しゃん');
  });

  it('gives at least 60 % of the vocabulary short context sentences from Tatoeba, one to three each', () => {
    expect(report.sentenceShare).toBeGreaterThanOrEqual(0.6);
    for (const v of ofType('vocabulary')) {
      const sentences = (v.data as { context_sentences: { en: string; ja: string }[] }).context_sentences;
      expect(sentences.length).toBeLessThanOrEqual(3);
      for (const s of sentences) {
        expect(s.en.length).toBeGreaterThan(0);
        expect(s.ja.length).toBeGreaterThan(0);
      }
    }
    const attribution = readFileSync(join(DIR, 'ATTRIBUTION.md'), 'utf8');
    for (const needle of ['Tatoeba', 'CC BY 2.0 FR', 'Tatoeba Translation Challenge', 'wordfreq', 'Jonathan Waller'])
      expect(attribution).toContain(needle);
  });

  it('gives verbs patterns of use where the sentences show them, each with two example sentences', () => {
    type Pattern = { pattern: string; collocations: { en: string; ja: string }[] };
    const withPatterns = ofType('vocabulary').filter((v) => 'patterns_of_use' in v.data);
    expect(withPatterns.length).toBeGreaterThan(300);
    for (const v of withPatterns) {
      const patterns = (v.data as { patterns_of_use: Pattern[] }).patterns_of_use;
      expect(patterns.length).toBeGreaterThan(0);
      for (const p of patterns) {
        expect(p.pattern).toMatch(new RegExp(`^〜[をにがでとへ]${v.data.characters}$`));
        expect(p.collocations).toHaveLength(2);
        const particle = p.pattern[1]!;
        for (const c of p.collocations)
          expect(c.ja, `${v.data.characters} ${p.pattern}`).toContain(particle + v.data.characters.slice(0, 1));
      }
    }
    const eat = ofType('vocabulary').find((v) => v.data.characters === '食べる')!.data as { patterns_of_use: Pattern[] };
    expect(eat.patterns_of_use[0]!.pattern).toBe('〜を食べる');
  });

  it('was built from a dictionary table whose every headword line parsed', () => {
    const built = JSON.parse(readFileSync(join(DIR, 'build-report.json'), 'utf8')) as {
      freedict_headword_lines: number;
      freedict_parsed_lines: number;
    };
    expect(built.freedict_headword_lines).toBeGreaterThan(170_000);
    expect(built.freedict_parsed_lines).toBe(built.freedict_headword_lines);
  });
});
